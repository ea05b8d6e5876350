import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { consoleEntries, navigation, resources } from '../../src/resources';
import { defineResource, listAddressOf, readOnlyErrors } from '../../src/resources/declarations';
import { declaredEntities } from '../../shared/entities';
import { derivedResources, resourceApi, resourceEndpoint } from '../../src/resources/endpoints';
import { endpointsSentAhead } from '../../src/resources/openingSearch';

describe('the declared resources', () => {
  it("give the menu the spec's links in its order: Admins, Users, Companies, Offer, Need, Bank, Messages, Audit", () => {
    const spec = [
      ['Admins', '/admin'],
      ['Users', '/user'],
      ['Companies', '/company'],
      ['Offer', '/offer'],
      ['Need', '/need'],
      ['Bank', '/bank'],
      ['Messages', '/message'],
      ['Audit', '/audit'],
    ];
    const specAddresses = spec.map(([, to]) => to);
    expect(navigation.filter(({ to }) => specAddresses.includes(to)).map(({ label, to }) => [label, to])).toEqual(spec);
  });

  it('declare each name once, and give the data provider their API paths', () => {
    const names = resources.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(names.map((name) => [name, resourceApi(name).path]))).toMatchObject({
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
  it('are read from every folder under src/resources, each its own declaration, and every entity declared by its fields alone, the data provider finding each by name', async () => {
    const folders = (await readdir(new URL('../../src/resources/', import.meta.url), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(resources.length).toBe(folders.length + derivedResources.length);
    const written = resources.filter((resource) => !derivedResources.includes(resource)).map((resource) => resource.name);
    expect(derivedResources.map((resource) => resource.name)).toEqual(declaredEntities.map((entity) => entity.name).filter((name) => !written.includes(name)));
    for (const resource of resources) expect(resourceEndpoint(resource.name)).toBe(resource);
  });

  it("send ahead the lists whose endpoints have a file of their own, each its folder's declaration's", () => {
    expect(endpointsSentAhead.length).toBeGreaterThan(0);
    for (const endpoint of endpointsSentAhead) {
      const resource = resourceEndpoint(endpoint.name);
      expect(resource.api).toBe(endpoint.api);
      expect(resource.listOpening).toBe(endpoint.listOpening);
    }
  });

  it('give every resource with a list screen a menu entry, each at a place of its own', () => {
    for (const resource of resources) if (resource.list) expect(resource.menu, resource.name).toBeDefined();
    const positions = consoleEntries.flatMap((entry) => entry.menu?.position ?? []);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('refuse a list (a list screen, or a page at a listAddress) without its opening, an opening without a list, and both lists', () => {
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    const screen = Object.assign(() => null, { preload: async () => ({}) });
    expect(() => defineResource({ name: 'x', api, list: screen })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listAddress: '/y' })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listOpening: {} })).toThrow('x: a list needs its listOpening');
    expect(() => defineResource({ name: 'x', api, listOpening: {}, listAddress: '/y', list: screen })).toThrow('not both');
    expect(defineResource({ name: 'x', api, listOpening: {}, list: screen })).toMatchObject({ kind: 'resource', name: 'x', list: screen });
    expect(defineResource({ name: 'x', api, listOpening: {}, listAddress: '/y' })).toMatchObject({ kind: 'resource', name: 'x', listAddress: '/y' });
  });

  it("list each resource at one address, its own or its page's, and the Audit page lists the audit trail", () => {
    expect(listAddressOf(resourceEndpoint('company'))).toBe('/company');
    expect(listAddressOf(resourceEndpoint('audit_event'))).toBe('/audit');
    expect(listAddressOf(resourceEndpoint('credit_entry'))).toBeUndefined();
    const pages = consoleEntries.flatMap((entry) => (entry.kind === 'page' ? [entry.path] : []));
    for (const endpoint of resources) if (endpoint.listAddress) expect(pages, endpoint.name).toContain(endpoint.listAddress);
    const addresses = resources.flatMap((endpoint) => listAddressOf(endpoint) ?? []);
    expect(new Set(addresses).size, 'one list per address').toBe(addresses.length);
  });
});
