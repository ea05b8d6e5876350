import CollectionsIcon from '@mui/icons-material/Collections';
import HistoryIcon from '@mui/icons-material/History';
import { ApprovalsMenuIcon } from '../custom/approvals/ApprovalsMenuIcon';
import { preloadPhoneListParts } from '../custom/components/phoneListParts';
import { lazyNamed } from '../custom/lazyNamed';
import { byMenuPosition, definePage, fetchEntryScreens, listAddressOf, preloadEntry, preloadEntryAt, type ConsoleEntry, type MenuEntry } from './declarations';
import { resources } from './endpoints';

/** The category image bank: not a resource, it has calls of its own. */
const bank = definePage({
  path: '/bank',
  resource: 'category_image',
  menu: { label: 'Bank', icon: CollectionsIcon, position: 6 },
  page: lazyNamed(() => import('../custom/bank/BankPage'), 'BankPage'),
});

/** The whole audit trail, read through the `audit_event` resource under a route of its own. */
const audit = definePage({
  path: '/audit',
  resource: 'audit_event',
  menu: { label: 'Audit', icon: HistoryIcon, position: 8 },
  page: lazyNamed(() => import('../custom/audit/AuditPage'), 'AuditPage'),
});

/** Credit adjustments waiting for a second admin (four eyes); the menu's icon counts them for an approver. */
const approvals = definePage({
  path: '/approvals',
  resource: 'credit_request',
  menu: { label: 'Approvals', icon: ApprovalsMenuIcon, position: 9 },
  page: lazyNamed(() => import('../custom/approvals/ApprovalsPage'), 'ApprovalsPage'),
});

/** Every entity and menu page of the console, in the menu's order (the entries without a menu entry last). */
export const consoleEntries: readonly ConsoleEntry[] = [...resources, bank, audit, approvals].sort(byMenuPosition);

export { resources };

/**
 * The sidebar's links, in order, each with the resource it lists (an admin who may not list it has no link) and what
 * fetches its screens ahead of a click; Dashboard comes first and is not listed here.
 */
export const navigation: ReadonlyArray<MenuEntry & { to: string; resource: string; preload: () => void }> = consoleEntries.flatMap((entry) => {
  if (!entry.menu) return [];
  const [to, resource] = entry.kind === 'page' ? [entry.path, entry.resource] : [`/${entry.name}`, entry.name];
  return [{ ...entry.menu, to, resource, preload: () => preloadEntry(entry) }];
});

/**
 * Fetches the screen that `pathname` shows (`/company` → the companies' list, `/company/abc` → a company's page),
 * so that it downloads while the console starts, with, on a phone, the parts a resource's list shows only there; the entry's
 * other screens wait for the idle preload, not to share the first load's bandwidth.
 */
export function preloadScreensAt(pathname: string, onPhone: boolean): void {
  const [, first = '', ...rest] = pathname.split('/');
  const entry = consoleEntries.find((candidate) => (candidate.kind === 'page' ? candidate.path : `/${candidate.name}`) === `/${first}`);
  if (!entry) return;
  const belowEntry = rest.some((part) => part !== '');
  preloadEntryAt(entry, belowEntry);
  // The resource listed at this address, as openingSearch.ts finds it: a list screen's own, or a page's (the Audit page's).
  const listed = resources.find((resource) => listAddressOf(resource) === `/${first}`);
  if (onPhone && !belowEntry && listed) preloadPhoneListParts({ sortable: listed.api.sortable });
}

/** What fetches each entry's screens, in the menu's order: one turn of the idle preload each. */
export const entryPreloads: ReadonlyArray<() => Promise<void>> = consoleEntries.map((entry) => () => fetchEntryScreens(entry));
