import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, may } from '../../shared/catalogue/permissions';
import companies from '../../src/resources/companies';
import { buildCompany } from '../helpers/builders';
import { ME, fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

const OTHER_ADMIN = 'ab0000000000000000000000';
const company = buildCompany({
  name: 'Atelier Azur',
  comments: [
    { _id: 'e1'.padEnd(24, '0'), user_name: 'Demo Admin', author_id: ME.id, text: 'Mine', created_at: '2026-11-01T10:00:00.000Z' },
    { _id: 'e2'.padEnd(24, '0'), user_name: 'Ada', author_id: OTHER_ADMIN, text: "A colleague's", created_at: '2026-11-01T09:00:00.000Z' },
    { _id: 'e3'.padEnd(24, '0'), user_name: 'Gone Admin', author_id: null, text: 'From a deleted admin', created_at: '2026-11-01T08:00:00.000Z' },
  ],
});

/** The texts of the comments that carry a Delete button, in the list's order. */
async function deletable(role: (typeof ROLES)[number]) {
  // The whole page: a role that may not edit the company reads it on its show view.
  renderResource(companies, `/company/${company.id}/comments`, {
    authProvider: fakeAuthProvider(signedInAs(role)),
    dataProvider: {
      getOne: vi.fn(async () => ({ data: company })),
      getList: vi.fn(async () => ({ data: [company], total: 1 })),
      getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    },
  });
  const list = await screen.findByRole('list', { name: 'Comments' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => within(item).queryByRole('button', { name: 'Delete' }))
    .map((item) => ['Mine', "A colleague's", 'From a deleted admin'].find((text) => within(item).queryByText(text)));
}

describe("a company's comments' Delete buttons", () => {
  it.each(ROLES)('show to an admin of role %s on the comments the server lets them delete: their own, or anyone’s as a moderator', async (role) => {
    const expected = !may(role, 'company', 'comment') ? [] : may(role, 'company', 'moderate') ? ['Mine', "A colleague's", 'From a deleted admin'] : ['Mine'];
    expect(await deletable(role)).toEqual(expected);
  });

  it("show on every comment to an owner, a deleted admin's included", async () => {
    expect(await deletable('owner')).toEqual(['Mine', "A colleague's", 'From a deleted admin']);
  });

  it('show only on their own comment to a support admin', async () => {
    expect(await deletable('support')).toEqual(['Mine']);
  });
});
