import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed } from '../../src/custom/lazyNamed';
import { definePage, defineResource, preloadEntry, preloadEntryAt, readOnlyErrors } from '../../src/resources/declarations';

const Screen: ComponentType = () => null;
const preloadable = () => Object.assign(() => null, { preload: vi.fn(async () => undefined) });

describe('fetching screens ahead of a click', () => {
  it('lazyNamed fetches a module once, whether preloaded or rendered', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const lazyScreen = lazyNamed(load, 'Screen');
    await lazyScreen.preload();
    await lazyScreen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lazyNamed forgets a failed fetch, so that the next one tries again', async () => {
    const load = vi.fn<() => Promise<{ Screen: ComponentType }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Screen });
    const lazyScreen = lazyNamed(load, 'Screen');
    await expect(lazyScreen.preload()).rejects.toThrow('offline');
    await expect(lazyScreen.preload()).resolves.toEqual({ Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("preloadEntry fetches a resource's list, record and sub-pages, and a page's screen", () => {
    const [list, edit, room, bank] = [preloadable(), preloadable(), preloadable(), preloadable()];
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    preloadEntry(defineResource({ name: 'x', api, listOpening: {}, list, edit, routes: [{ path: ':id', page: room }] }));
    preloadEntry(definePage({ path: '/bank', resource: 'category_image', menu: { label: 'Bank', icon: Screen, position: 1 }, page: bank }));
    for (const screen of [list, edit, room, bank]) expect(screen.preload).toHaveBeenCalledTimes(1);
  });

  it('preloadEntryAt fetches only what the address shows: the list at /{name}, the record and sub-pages below it, a page', () => {
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    const [list, edit, createForm, room] = [preloadable(), preloadable(), preloadable(), preloadable()];
    const resource = defineResource({ name: 'x', api, listOpening: {}, list, edit, createForm, routes: [{ path: ':id', page: room }] });
    preloadEntryAt(resource, false);
    expect([list, edit, createForm, room].map((screen) => screen.preload.mock.calls.length)).toEqual([1, 0, 0, 0]);
    preloadEntryAt(resource, true);
    expect([list, edit, createForm, room].map((screen) => screen.preload.mock.calls.length)).toEqual([1, 1, 0, 1]);
    const bank = preloadable();
    preloadEntryAt(definePage({ path: '/bank', resource: 'category_image', menu: { label: 'Bank', icon: Screen, position: 1 }, page: bank }), false);
    expect(bank.preload).toHaveBeenCalledTimes(1);
  });

  it('preloadEntry swallows a failed fetch (the click shows it) and skips screens that cannot preload', async () => {
    const failing = Object.assign(() => null, { preload: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const api = { path: '/x', errors: readOnlyErrors, sortable: false };
    expect(() => preloadEntry(defineResource({ name: 'x', api, listOpening: {}, list: failing, edit: Screen }))).not.toThrow();
    await Promise.resolve();
    expect(failing.preload).toHaveBeenCalledTimes(1);
  });
});
