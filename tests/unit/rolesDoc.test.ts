import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, RESOURCES, ROLES } from '../../shared/catalogue/permissions';
import { CONDITIONS, policyRows, type Sensitivity } from '../../shared/catalogue/policy';

/** The permission table as docs/roles.md shows it: a role with every action reads 'everything'. */
function renderedTable(): string {
  const cell = (actions: readonly string[] = []) => (ACTIONS.every((action) => actions.includes(action)) ? 'everything' : actions.join(', ') || '—');
  return [
    `| resource | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => '---').join('|')}|`,
    ...RESOURCES.map((resource) => `| \`${resource}\` | ${ROLES.map((role) => cell(PERMISSIONS[role][resource])).join(' | ')} |`),
  ].join('\n');
}

/** The policy (shared/catalogue/policy.ts) as docs/roles.md shows it. */
function renderedPolicy(): string {
  const control = (value: Sensitivity['freshProof']) => (value === undefined ? '—' : value === 'always' ? 'always' : CONDITIONS[value]);
  return [
    '| resource | action | fresh proof | four eyes |',
    '|---|---|---|---|',
    ...policyRows().map(
      ({ resource, action, sensitivity }) =>
        `| ${resource === 'any' ? 'any' : `\`${resource}\``} | \`${action}\` | ${control(sensitivity.freshProof)} | ${control(sensitivity.fourEyes)} |`,
    ),
  ].join('\n');
}

const section = (name: string) => new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(readFileSync('docs/roles.md', 'utf8'))?.[1];

describe('docs/roles.md', () => {
  it('shows the permission table the server enforces and the console reflects, as it is now', () => {
    // On a change of shared/catalogue/permissions.ts, paste the expected table between the markers.
    expect(section('permissions')).toBe(renderedTable());
  });

  it('shows the policy the server derives each route’s controls from, as it is now', () => {
    // On a change of shared/catalogue/policy.ts, paste the expected table between the markers.
    expect(section('policy')).toBe(renderedPolicy());
  });
});
