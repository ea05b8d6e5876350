import { describe, expect, it } from 'vitest';
import * as screens from '../../src/custom/screens';
import { consoleEntries, navigation } from '../../src/resources';
import { derivedResources } from '../../src/resources/endpoints';
import { createFormParts, derivedListScreen, menuScreens, shellScreens } from '../helpers/declaredScreens';

// The bundle budgets read the screens from the declarations' text (tests/helpers/declaredScreens.ts): this checks the reading against the declarations themselves.
describe('the screens the bundle budgets read from the declarations', () => {
  it('finds one screen per menu entry, the Dashboard and the account besides, and the derived list', () => {
    // An entity declared by its fields alone shows the derived list (derivedListScreen), whose text no folder holds.
    expect(menuScreens()).toHaveLength(navigation.length - derivedResources.length);
    expect(new Set(menuScreens()).size).toBe(navigation.length - derivedResources.length);
    expect(derivedListScreen()).toBe('src/custom/fields/DerivedList.tsx');
    expect(shellScreens()).toHaveLength(Object.keys(screens).length);
  });

  it('finds the create inputs of every list with a create dialog', () => {
    const withForm = consoleEntries.filter((entry) => entry.kind === 'resource' && entry.list && entry.createForm && !derivedResources.includes(entry));
    const parts = createFormParts();
    expect(Object.keys(parts)).toHaveLength(withForm.length);
    for (const [list, { inputs }] of Object.entries(parts)) expect(inputs.startsWith(list.slice(0, list.lastIndexOf('/') + 1)), list).toBe(true);
  });
});
