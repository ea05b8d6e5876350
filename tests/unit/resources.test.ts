import { describe, expect, it } from 'vitest';
import { navigation, resources } from '../../src/resources';
import { defineResource, readOnlyErrors } from '../../src/resources/declarations';
import { endpoints, resourceApi, resourceEndpoint } from '../../src/resources/endpoints';

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

describe('endpoints and declarations', () => {
  it("declare every resource's endpoint once in endpoints.ts (the data provider's and the entry's), and nothing else", () => {
    expect(endpoints.map((endpoint) => endpoint.name).sort()).toEqual(resources.map((resource) => resource.name).sort());
    for (const resource of resources) {
      const endpoint = resourceEndpoint(resource.name);
      expect(resource.api).toBe(endpoint.api);
      expect(resource.listOpening).toBe(endpoint.listOpening);
    }
  });

  it('refuse a list screen without its opening, and an opening without a list screen', () => {
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    const screen = Object.assign(() => null, { preload: async () => ({}) });
    expect(() => defineResource({ name: 'x', api }, { list: screen })).toThrow('x: a list screen needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listOpening: {} })).toThrow('x: a list screen needs its listOpening');
    expect(defineResource({ name: 'x', api, listOpening: {} }, { list: screen })).toMatchObject({ kind: 'resource', name: 'x', list: screen });
  });
});
