import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { searchCovers } from '../../src/custom/components/searchCovers';
import companies from '../../src/resources/companies';
import rooms from '../../src/resources/messages';
import users from '../../src/resources/users';
import { renderResource } from '../helpers/renderScreen';

const empty = () => ({ getList: vi.fn(async () => ({ data: [], total: 0 })) });

describe('a list’s search box says what it matches (issue 40)', () => {
  it('reads it from the declarations’ searched fields, rooms by hand', () => {
    expect(searchCovers('user')).toBe('Name, email or organisation');
    expect(searchCovers('offer')).toBe('Title, description or organisation');
    expect(searchCovers('company')).toBe('Name, siret, phone, email, city or postal code');
    expect(searchCovers('message')).toBe('Offer title, seller or buyer');
    expect(searchCovers('credit_entry')).toBeUndefined();
  });

  it.each([
    ['user', users, 'Name, email or organisation'],
    ['company', companies, 'Name, siret, phone, email, city or postal code'],
    ['message', rooms, 'Offer title, seller or buyer'],
  ] as const)('/%s: below the box, and as its accessible description', async (name, resource, covers) => {
    renderResource(resource, `/${name}`, { dataProvider: empty() });
    const box = await screen.findByPlaceholderText('Search');
    expect(box).toHaveAccessibleDescription(covers);
    expect(screen.getByText(covers)).toBeVisible();
  });
});
