import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { DOMAIN_NAMES, ACTIVITY_DOMAINS } from '../../shared/catalogue/domains';
import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { createdAtOfRow, idOfRow } from './seed/sqlValues';

/** One request body of a search, named for the report; none for a GET. */
export interface Shape {
  name: string;
  body?: Record<string, unknown>;
}

export const SEARCH_NAMES = ['admins', 'users', 'companies', 'offers', 'needs', 'rooms', 'category_images', 'audit', 'dashboard'] as const;
export type SearchName = (typeof SEARCH_NAMES)[number];

export interface SearchBench {
  name: SearchName;
  url: string;
  /** The shapes to time, given the seeded database (some filters name a seeded row). */
  shapes(context: ShapeContext): Promise<Shape[]>;
}

export interface ShapeContext {
  db: Database;
  rows: number;
  /** The companies' balance as the API names it, `{product}_balance`. */
  balanceField: string;
}

const domain = DOMAIN_NAMES[0]!;
const subDomain = ACTIVITY_DOMAINS[domain][1]!;
/** Page 1 000: as deep as a user paging through a list goes. */
const DEEP_OFFSET = 999 * PAGE_SIZE;

/** Criteria shared by every paged search: none, a common text, a rare text (a row number), a deep and the last page. */
const pagedShapes = (rows: number, commonText: string | undefined): Shape[] => [
  { name: 'no criteria', body: {} },
  ...(commonText
    ? [
        { name: `text '${commonText}' (many hits)`, body: { search: commonText } },
        { name: 'text, few hits', body: { search: String(Math.floor(rows * 0.4321)) } },
      ]
    : []),
  { name: `page 1 000`, body: { offset: Math.min(DEEP_OFFSET, lastPageOffset(rows)) } },
  { name: 'last page', body: { offset: lastPageOffset(rows) } },
];
const lastPageOffset = (rows: number) => Math.floor((rows - 1) / PAGE_SIZE) * PAGE_SIZE;

const sortShapes = (fields: string[]): Shape[] =>
  fields.flatMap((field) => [
    { name: `sort ${field}`, body: { sort: { [field]: 1 } } },
    { name: `sort ${field} desc`, body: { sort: { [field]: -1 } } },
  ]);

async function firstValue(db: Database, query: ReturnType<typeof sql>): Promise<string> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ value: string }> };
  const value = result.rows[0]?.value;
  if (!value) throw new Error('the probe found no seeded row');
  return value;
}

/** A company that has rows in `table` (the first row's). */
const organisationOf = (db: Database, table: 'users' | 'offers' | 'needs') =>
  firstValue(db, sql`select organisation_id as value from ${sql.identifier(table)} where organisation_id is not null order by created_at limit 1`);

export const SEARCHES: SearchBench[] = [
  { name: 'admins', url: '/api/admin/search', shapes: async ({ rows }) => pagedShapes(rows, 'martin') },
  {
    name: 'users',
    url: '/api/user/search',
    shapes: async ({ db, rows }) => [...pagedShapes(rows, 'martin'), { name: 'organisation_id', body: { organisation_id: await organisationOf(db, 'users') } }],
  },
  {
    name: 'companies',
    url: '/api/company/search',
    shapes: async ({ rows, balanceField }) => [
      ...pagedShapes(rows, 'lumi'),
      { name: 'activity_domain', body: { activity_domain: domain } },
      { name: 'sub_activity_domain', body: { sub_activity_domain: subDomain } },
      { name: 'domain + sub-domain', body: { activity_domain: domain, sub_activity_domain: subDomain } },
      ...sortShapes(['name', balanceField, 'activity_domain', 'sub_activity_domain', 'city', 'created_at']),
    ],
  },
  {
    name: 'offers',
    url: '/api/offer/search',
    shapes: async ({ db, rows }) => [
      ...pagedShapes(rows, 'ergonom'),
      { name: 'domain_activity', body: { domain_activity: domain } },
      { name: 'sub_activity_domain', body: { sub_activity_domain: subDomain } },
      { name: 'organisation_id', body: { organisation_id: await organisationOf(db, 'offers') } },
      ...sortShapes(['title', 'organisation_name', 'price', 'credit_ratio', 'created_at']),
    ],
  },
  {
    name: 'needs',
    url: '/api/need/search',
    shapes: async ({ db, rows }) => [
      ...pagedShapes(rows, 'ergonom'),
      { name: 'activity_domain', body: { activity_domain: domain } },
      { name: 'sub_activity_domain', body: { sub_activity_domain: subDomain } },
      { name: 'organisation_id', body: { organisation_id: await organisationOf(db, 'needs') } },
      { name: 'emergency', body: { emergency: 'Maintenant' } },
      ...sortShapes(['organisation_name', 'description', 'emergency', 'created_at']),
    ],
  },
  { name: 'rooms', url: '/api/room/search', shapes: async ({ rows }) => pagedShapes(rows, 'fauteuil') },
  {
    name: 'category_images',
    url: '/api/category_image/search',
    shapes: async () => [
      { name: 'no criteria (all, unpaged)', body: {} },
      { name: 'activity_domain (unpaged)', body: { activity_domain: domain } },
    ],
  },
  {
    name: 'audit',
    url: '/api/audit/search',
    shapes: async ({ db, rows }) => {
      const event = firstValue(db, sql`select entity_id as value from audit_events where entity = 'company' order by created_at limit 1`);
      return [
        ...pagedShapes(rows, undefined),
        { name: 'entity', body: { entity: 'company' } },
        { name: 'entity + entity_id', body: { entity: 'company', entity_id: await event } },
        { name: 'admin_id', body: { admin_id: idOfRow('admins', 7) } },
        { name: 'action', body: { action: 'delete' } },
        {
          name: 'from + to (a week)',
          body: { from: createdAtOfRow(rows / 2, rows).toISOString(), to: createdAtOfRow(rows / 2 + (rows * 7) / 1000, rows).toISOString() },
        },
        { name: 'from (the last week)', body: { from: createdAtOfRow(rows - (rows * 7) / 1000, rows).toISOString() } },
        { name: 'to (before the first week)', body: { to: createdAtOfRow((rows * 7) / 1000, rows).toISOString() } },
      ];
    },
  },
  // Not a search, but the opening screen: its figures over every table, which must not grow with them.
  { name: 'dashboard', url: '/api/dashboard', shapes: async () => [{ name: 'the overview (GET)' }] },
];
