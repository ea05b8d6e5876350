import type { ComponentType } from 'react';
import type { SortPayload } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { PreloadableScreen } from '../custom/lazyNamed';

/** How one react-admin resource speaks to the API: its path, the texts of its failures, its quirks. */
export interface ResourceApi {
  /** API path of the resource, e.g. `/admin`. */
  path: string;
  /** The texts shown when a call of this resource fails and the server gives no code. */
  errors: { list: string; one: string; create: string; update: string; delete: string };
  /** Whether the search call takes `sort` ({field: 1|-1}). */
  sortable: boolean;
  /** false when the server declares no export: the list then shows no Export button. */
  exports?: false;
  /** Console filter names that the API spells differently (offers take `domain_activity`). */
  filterNames?: Record<string, string>;
  /** The field of the search answer that holds the rows, when not `data` (rooms answer `rooms`). */
  listKey?: string;
  /**
   * A list that lives under a parent record: the search goes to `{parent.path}/{id}{path}/search`,
   * the id taken from the filter `parent.filter` (the ledger: POST /company/{id}/credit/search).
   */
  parent?: { path: string; filter: string };
  /** The record's `{product}_balance` changes only through the ledger: updates never send it. */
  ledgerBalance?: boolean;
}

/** The failure texts of a resource the console only reads: every failure says 'Error!' unless the server gives a code. */
export const readOnlyErrors: ResourceApi['errors'] = {
  list: messages.failure.generic,
  one: messages.failure.generic,
  create: messages.failure.generic,
  update: messages.failure.generic,
  delete: messages.failure.generic,
};

/** A link of the sidebar: its text, its icon and its place (the sidebar lists entries by `position`). */
export interface MenuEntry {
  label: string;
  icon: ComponentType;
  position: number;
}

/**
 * What the data provider and the page's entry know of a resource: how it speaks to the API and how its list opens.
 * A list opened often gives it a file of its own (`{folder}/api.ts`): the page's entry reads those files to send the
 * list's first search while the console's code downloads (openingSearch.ts), and nothing of the screens comes with them.
 */
export interface ResourceEndpoint {
  /** react-admin's name of the resource, also its route (`/{name}`). */
  name: string;
  api: ResourceApi;
  /**
   * Present when an address lists the resource (`/{name}`, or `listAddress`): the order the list opens in (the
   * server's own without `sort`). The list reads it, and the entry sends the list's first search from it
   * (openingSearch.ts).
   */
  listOpening?: { sort?: SortPayload };
  /** The address of a page that lists the resource, for a resource listed by a page of its own and not at `/{name}`. */
  listAddress?: string;
}

/** Where the resource's list opens: its page's address, else `/{name}`; undefined for a resource that no address lists. */
export const listAddressOf = (endpoint: ResourceEndpoint): string | undefined =>
  endpoint.listOpening ? (endpoint.listAddress ?? `/${endpoint.name}`) : undefined;

/**
 * One entity of the console: its endpoint and, when it has screens, its menu entry and views. Views are loaded
 * on first use (see lazyNamed).
 */
export interface ResourceDeclaration extends ResourceEndpoint, ResourceScreens {
  kind: 'resource';
}

/** A resource's screens, each loaded on first use. */
export interface ResourceScreens {
  /** Absent for a resource only read from another screen (a company's ledger, the audit trail). */
  menu?: MenuEntry;
  list?: PreloadableScreen;
  edit?: PreloadableScreen;
  /** The read view (`/{name}/{id}/show`), for a resource whose record page shows it to an admin who may only read (fieldResource). */
  show?: PreloadableScreen;
  /** The inputs of the list's create dialog (CreateModal), loaded apart from the list: fetched ahead when idle. */
  createForm?: Pick<PreloadableScreen, 'preload'>;
  /** Pages below the resource's route, e.g. `:id` for a room's conversation. */
  routes?: Array<{ path: string; page: PreloadableScreen }>;
  /** The field that names a record in references and titles. */
  recordRepresentation?: string;
}

/** A screen of the menu that is not a resource (it has its own route and data calls). */
export interface PageDeclaration {
  kind: 'page';
  path: string;
  /** The resource the page lists: an admin who may not list it has no menu entry and is refused the page. */
  resource: string;
  menu: MenuEntry;
  page: PreloadableScreen;
}

export type ConsoleEntry = ResourceDeclaration | PageDeclaration;

/** Sorts entries in the menu's order, those without a menu entry last (a stable sort keeps their folders' order). */
export const byMenuPosition = (a: ConsoleEntry, b: ConsoleEntry): number =>
  (a.menu?.position ?? Number.POSITIVE_INFINITY) - (b.menu?.position ?? Number.POSITIVE_INFINITY);

/** A resource's endpoint in its own `api.ts`, typed where it is written. */
export const defineEndpoint = (endpoint: ResourceEndpoint): ResourceEndpoint => endpoint;

/**
 * A resource of the console, declared once in its folder's `index.ts` (read by `<Admin>`, the menu, the data provider and
 * the page's opening search): its endpoint and its screens, each screen loaded on first use. A list (its own list
 * screen, or a page at its `listAddress`, never both) and `listOpening` go together.
 */
export function defineResource(declaration: ResourceEndpoint & ResourceScreens): ResourceDeclaration {
  const { name, list, listAddress, listOpening } = declaration;
  if (list && listAddress) throw new Error(`${name}: a list screen at /${name}, or a page at its listAddress, not both`);
  if (Boolean(listOpening) !== Boolean(list ?? listAddress)) throw new Error(`${name}: a list needs its listOpening, and only a list`);
  return { kind: 'resource', ...declaration };
}

export const definePage = (declaration: Omit<PageDeclaration, 'kind'>): PageDeclaration => ({ kind: 'page', ...declaration });

/**
 * Fetches these screens' code; settles once each has loaded or failed. A failed fetch is forgotten (lazyNamed):
 * the click loads again and shows the failure there.
 */
async function preloadScreens(screens: ReadonlyArray<Pick<PreloadableScreen, 'preload'> | undefined>): Promise<void> {
  await Promise.allSettled(screens.map((screen) => screen?.preload?.()));
}

/** The screens an entry opens (its list, record and sub-pages), fetched ahead of a click; settles once they are in. */
export const fetchEntryScreens = (entry: ConsoleEntry): Promise<void> =>
  preloadScreens(
    entry.kind === 'page' ? [entry.page] : [entry.list, entry.edit, entry.show, entry.createForm, ...(entry.routes ?? []).map((route) => route.page)],
  );

/** The same, for a pointer or focus on a menu link: nothing to wait for. */
export function preloadEntry(entry: ConsoleEntry): void {
  void fetchEntryScreens(entry);
}

/**
 * The screens of an entry that one address shows: a page's screen; a resource's list at `/{name}`, its record
 * page and sub-pages below it (`/{name}/{id}`, `/{name}/{id}/comments`). The others wait for the browser to be idle.
 */
export function preloadEntryAt(entry: ConsoleEntry, belowEntry: boolean): void {
  void preloadScreens(
    entry.kind === 'page' ? [entry.page] : belowEntry ? [entry.edit, entry.show, ...(entry.routes ?? []).map((route) => route.page)] : [entry.list],
  );
}
