import { describe, expect, it } from 'vitest';
import * as screens from '../../src/custom/screens';
import { consoleEntries, navigation } from '../../src/resources';
import { createFormParts, menuScreens, shellScreens } from '../helpers/declaredScreens';

// The bundle budgets read the screens from the declarations' text (tests/helpers/declaredScreens.ts): this checks the reading against the declarations themselves.
describe('the screens the bundle budgets read from the declarations', () => {
  it('finds one screen per menu entry, the Dashboard and the account besides', () => {
    expect(menuScreens()).toHaveLength(navigation.length);
    expect(new Set(menuScreens()).size).toBe(navigation.length);
    expect(shellScreens()).toHaveLength(Object.keys(screens).length);
  });

  it('finds the create inputs of every list with a create dialog', () => {
    const withForm = consoleEntries.filter((entry) => entry.kind === 'resource' && entry.list && entry.createForm);
    const parts = createFormParts();
    expect(Object.keys(parts)).toHaveLength(withForm.length);
    for (const [list, { inputs }] of Object.entries(parts)) expect(inputs.startsWith(list.slice(0, list.lastIndexOf('/') + 1)), list).toBe(true);
  });
});
