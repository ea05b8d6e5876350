/**
 * `npm run docs:roles`: writes docs/roles.md's two tables (the permission table and the policy) from
 * shared/catalogue/, between their markers. tests/unit/rolesDoc.test.ts fails when the page and the data differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ACTIONS, PERMISSIONS, RESOURCES, ROLES } from '../shared/catalogue/permissions';
import { CONDITIONS, policyRows, type Sensitivity } from '../shared/catalogue/policy';

export const ROLES_DOC = 'docs/roles.md';

/** The permission table: a role with every action reads 'everything'. */
function permissionTable(): string {
  const cell = (actions: readonly string[] = []) => (ACTIONS.every((action) => actions.includes(action)) ? 'everything' : actions.join(', ') || '—');
  return [
    `| resource | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => '---').join('|')}|`,
    ...RESOURCES.map((resource) => `| \`${resource}\` | ${ROLES.map((role) => cell(PERMISSIONS[role][resource])).join(' | ')} |`),
  ].join('\n');
}

function policyTable(): string {
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

/** The page with its tables as the data has them now. */
export function renderedRolesDoc(page: string): string {
  const tables = { permissions: permissionTable(), policy: policyTable() };
  return Object.entries(tables).reduce((text, [name, table]) => {
    const section = new RegExp(`<!-- ${name}:start -->\\n[\\s\\S]*?<!-- ${name}:end -->`);
    if (!section.test(text)) throw new Error(`${ROLES_DOC} has no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
    return text.replace(section, () => `<!-- ${name}:start -->\n${table}\n<!-- ${name}:end -->`);
  }, page);
}

if (process.argv[1]?.endsWith('rolesDoc.ts')) {
  writeFileSync(ROLES_DOC, renderedRolesDoc(readFileSync(ROLES_DOC, 'utf8')));
  console.log(`wrote ${ROLES_DOC}`);
}
