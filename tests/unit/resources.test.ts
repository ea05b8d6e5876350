import { describe, expect, it } from 'vitest';
import { navigation, resourceApi, resources } from '../../src/resources';

describe('the declared resources', () => {
  it('give the menu its links in order: Admins, Users, Companies, Offer, Need, Bank, Messages, Audit', () => {
    expect(navigation.map(({ label, to }) => [label, to])).toEqual([
      ['Admins', '/admin'],
      ['Users', '/user'],
      ['Companies', '/company'],
      ['Offer', '/offer'],
      ['Need', '/need'],
      ['Bank', '/bank'],
      ['Messages', '/message'],
      ['Audit', '/audit'],
    ]);
  });

  it('declare each name once, and give the data provider their API paths', () => {
    const names = resources.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(names.map((name) => [name, resourceApi(name).path]))).toEqual({
      admin: '/admin',
      user: '/user',
      company: '/company',
      offer: '/offer',
      need: '/need',
      message: '/room',
      credit_entry: '/credit',
      audit_event: '/audit',
    });
  });

  it('refuse a name that no entry declares', () => {
    expect(() => resourceApi('nope')).toThrow('Unknown resource: nope');
  });
});
