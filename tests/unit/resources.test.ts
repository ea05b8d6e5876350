import { describe, expect, it } from 'vitest';
import { consoleEntries, navigation, resources } from '../../src/resources';
import { defineResource, listAddressOf, readOnlyErrors } from '../../src/resources/declarations';
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

  it('refuse a list (a list screen, or a page at a listAddress) without its opening, an opening without a list, and both lists', () => {
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    const screen = Object.assign(() => null, { preload: async () => ({}) });
    expect(() => defineResource({ name: 'x', api }, { list: screen })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listAddress: '/y' })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listOpening: {} })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listOpening: {}, listAddress: '/y' }, { list: screen })).toThrow('not both');
    expect(defineResource({ name: 'x', api, listOpening: {} }, { list: screen })).toMatchObject({ kind: 'resource', name: 'x', list: screen });
    expect(defineResource({ name: 'x', api, listOpening: {}, listAddress: '/y' })).toMatchObject({ kind: 'resource', name: 'x', listAddress: '/y' });
  });

  it("list each resource at one address, its own or its page's, and the Audit page lists the audit trail", () => {
    expect(listAddressOf(resourceEndpoint('company'))).toBe('/company');
    expect(listAddressOf(resourceEndpoint('audit_event'))).toBe('/audit');
    expect(listAddressOf(resourceEndpoint('credit_entry'))).toBeUndefined();
    const pages = consoleEntries.flatMap((entry) => (entry.kind === 'page' ? [entry.path] : []));
    for (const endpoint of endpoints) if (endpoint.listAddress) expect(pages, endpoint.name).toContain(endpoint.listAddress);
    const addresses = endpoints.flatMap((endpoint) => listAddressOf(endpoint) ?? []);
    expect(new Set(addresses).size, 'one list per address').toBe(addresses.length);
  });
});
