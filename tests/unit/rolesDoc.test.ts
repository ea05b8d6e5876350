import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, RESOURCES, ROLES } from '../../shared/catalogue/permissions';

/** The permission table as docs/roles.md shows it: a role with every action reads 'everything'. */
function renderedTable(): string {
  const cell = (actions: readonly string[] = []) => (ACTIONS.every((action) => actions.includes(action)) ? 'everything' : actions.join(', ') || '—');
  return [
    `| resource | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => '---').join('|')}|`,
    ...RESOURCES.map((resource) => `| \`${resource}\` | ${ROLES.map((role) => cell(PERMISSIONS[role][resource])).join(' | ')} |`),
  ].join('\n');
}

describe('docs/roles.md', () => {
  it('shows the permission table the server enforces and the console reflects, as it is now', () => {
    const doc = readFileSync('docs/roles.md', 'utf8');
    const shown = /<!-- permissions:start -->\n([\s\S]*?)\n<!-- permissions:end -->/.exec(doc)?.[1];
    // On a change of shared/catalogue/permissions.ts, paste the expected table between the markers.
    expect(shown).toBe(renderedTable());
  });
});
