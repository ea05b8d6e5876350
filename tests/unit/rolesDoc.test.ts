import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES_DOC, renderedRolesDoc } from '../../scripts/rolesDoc';

describe('docs/roles.md', () => {
  it('shows the permission table and the policy the server enforces and the console reflects, as they are now', () => {
    const page = readFileSync(ROLES_DOC, 'utf8');
    // On a change of shared/catalogue/permissions.ts or policy.ts: `npm run docs:roles` writes them.
    expect(page).toBe(renderedRolesDoc(page));
  });
});
