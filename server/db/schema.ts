import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/catalogue/permissions';
import { newId } from '../lib/ids';
import type { CreditRequestStatus } from '../../shared/catalogue/creditRequests';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Bumped by a BEFORE UPDATE trigger (migration 0022) when an admin-visible column changes: no code path can forget it (docs/concurrency.md). */
const version = () => integer('version').notNull().default(1);

/** Two decimals, below 10^12 in absolute value: numeric, so that sums are exact and never overflow. */
const credits = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer over the same memory. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const admins = pgTable(
  'admins',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null until the admin sets a password through their invitation link. */
    passwordHash: text('password_hash'),
    /** shared/catalogue/permissions.ts; the migration made every earlier admin an owner. */
    role: text('role').$type<Role>().notNull().default('support'),
    /** TOTP (RFC 6238): the shared key from setup on, in use once confirmed (`totpEnabledAt`). Never answered after setup. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The 30-second step of the last TOTP code accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    /** How many passkeys the admin has (the `passkeys` rows, counted when one is added or removed): read on every call for MFA_REQUIRED_ROLES. */
    passkeyCount: integer('passkey_count').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    version: version(),
    /** The searched name and e-mail, folded and stored: a row read by the search costs a LIKE, not a folding. */
    searchText: text('search_text').generatedAlwaysAs(sql`search_fold(coalesce(name, '') || ' ' || coalesce(email, ''))`),
  },
  (table) => [
    uniqueIndex('admins_email_key').on(sql`lower(${table.email})`),
    index('admins_created_at_idx').on(table.createdAt),
    index('admins_search_fold_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Only a hash of the token is stored, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** What the admin's session list names it by: the token's hash stays a secret of the server. */
    id: text('id').notNull().$defaultFn(newId),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Moves with use (at most once a minute): the idle timeout counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The session's last proof of identity (sign-in, second factor, re-authentication). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_admin_id_idx').on(table.adminId), uniqueIndex('sessions_id_key').on(table.id)],
);

/** Single-use recovery codes of an admin's second factor, hashed like tokens; a used one is kept with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_admin_id_idx').on(table.adminId)],
);

/** An admin's WebAuthn credentials: a second factor, and a sign-in without password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** Base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter: one that goes back betrays a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('passkeys_credential_id_key').on(table.credentialId), index('passkeys_admin_id_idx').on(table.adminId)],
);

/** WebAuthn challenges, single use and short-lived, in the database so that any server may check the answer to one. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'signin', 'reauth'] }).notNull(),
    /** Null for a sign-in without password: the passkey names the admin. */
    adminId: text('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);

/** The short-lived, single-use proof that a password was right, traded with a second factor for a session. */
export const mfaTokens = pgTable(
  'mfa_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('mfa_tokens_admin_id_idx').on(table.adminId)],
);

/** Single-use tokens sent by e-mail: password recovery and the set-password link of a new admin. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('auth_tokens_admin_id_idx').on(table.adminId)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** SMTP sending: tries so far, last failure, and until when a sender holds the row (or waits to retry). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('outbox_recipient_idx').on(table.recipient),
    index('outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`sent_at IS NULL`),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Exact row counts kept by triggers (migrations 0005, 0006, 0010, 0019) so an unfiltered search needs no count(*).
 * Each session adds to its own slot (pid modulo 16, counter_slot()) so concurrent writes do not queue on one row.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    slot: smallint('slot').notNull().default(0),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.slot] })],
);

/** Per-table change stamp bumped by triggers (migration 0016); a cached answer is valid while its stamp is current (server/lib/stampedAnswers.ts). */
export const changeStamps = pgTable('change_stamps', {
  tableName: text('table_name').primaryKey(),
  stamp: bigint('stamp', { mode: 'number' }).notNull(),
});

/**
 * The dashboard's figures, kept by triggers (migrations 0014, 0015, 0020, 0021) so GET /dashboard reads a few rows
 * instead of grouping every table. `key` is NULL for rows without a value (and for credit_in_circulation); a trend's
 * key is its week's Monday (UTC, YYYY-MM-DD). A count that falls to zero keeps its rows, at 0.
 */
export const dashboardTallies = pgTable(
  'dashboard_tallies',
  {
    tally: text('tally').notNull(),
    key: text('key'),
    /** A figure is the sum of its slots (migration 0020), like rowCounts. */
    slot: smallint('slot').notNull().default(0),
    amount: numeric('amount', { mode: 'number' }).notNull(),
  },
  (table) => [unique('dashboard_tallies_tally_key_slot').on(table.tally, table.key, table.slot).nullsNotDistinct()],
);

/** `search_text` gathers the searched columns so that one trigram index serves `search`. */
export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    siret: text('siret'),
    phone: text('phone'),
    email: text('email'),
    streetNumber: text('street_number'),
    route: text('route'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    activityDomain: text('activity_domain'),
    subActivityDomain: text('sub_activity_domain'),
    description: text('description'),
    legalStatus: text('legal_status'),
    employees: text('employees'),
    turnover: doublePrecision('turnover'),
    creationYear: integer('creation_year'),
    website: text('website'),
    logoUrl: text('logo_url'),
    isTest: boolean('is_test').notNull().default(false),
    /** Shown to the API as `{product}_balance`; changed only with a `credit_entries` row (server/lib/ledger.ts). */
    creditBalance: credits('credit_balance').notNull().default(0),
    /** The company's id on the old platform. */
    organizationId: text('organization_id'),
    createdAt: createdAt(),
    version: version(),
    /** Users are found by their company's name: folded and stored. */
    nameFolded: text('name_folded').generatedAlwaysAs(sql`search_fold(name)`),
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(coalesce(name, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(siret, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
    ),
  },
  (table) => [
    index('companies_search_fold_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // Users are found by their company's name (server/entities/users.ts).
    index('companies_name_folded_trgm_idx').using('gin', sql`${table.nameFolded} gin_trgm_ops`),
    index('companies_created_at_idx').on(table.createdAt, table.id),
    index('companies_name_idx').on(table.name, table.id),
    index('companies_balance_idx').on(table.creditBalance, table.id),
    index('companies_city_idx').on(table.city, table.id),
    // Descending with empty values last (server/lib/listing.ts emptiesLast).
    index('companies_city_desc_idx').on(table.city.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('companies_domain_idx').on(table.activityDomain, table.subActivityDomain, table.createdAt),
    index('companies_activity_domain_idx').on(table.activityDomain, table.id),
    index('companies_activity_domain_desc_idx').on(table.activityDomain.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('companies_sub_domain_idx').on(table.subActivityDomain, table.id),
    index('companies_sub_domain_desc_idx').on(table.subActivityDomain.desc().nullsLast(), table.id.desc().nullsFirst()),
  ],
);

export const companyComments = pgTable(
  'company_comments',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorAdminId: text('author_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('company_comments_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * `name_folded`/`email_folded` are stored (migration 0028) so the search can LIKE `search_fold(pattern)` without folding
 * every row it reads (most of the cost of ILIKE).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organisationId: text('organisation_id').references(() => companies.id, { onDelete: 'set null' }),
    invited: boolean('invited').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    version: version(),
    nameFolded: text('name_folded').generatedAlwaysAs(sql`search_fold(name)`),
    emailFolded: text('email_folded').generatedAlwaysAs(sql`search_fold(email)`),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_organisation_idx').on(table.organisationId, table.createdAt),
    index('users_created_at_idx').on(table.createdAt, table.id),
    index('users_name_fold_trgm_idx').using('gin', sql`${table.nameFolded} gin_trgm_ops`),
    index('users_email_fold_trgm_idx').using('gin', sql`${table.emailFolded} gin_trgm_ops`),
  ],
);

export const syncJobs = pgTable(
  'sync_jobs',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    requestedBy: text('requested_by').references(() => admins.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sync_jobs_company_idx').on(table.companyId, table.startedAt)],
);

/** 'Login as': a single-use token for one user, valid about a minute; never the admin's own session. */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    // No foreign keys: the record of who logged in as whom outlives both accounts (names are snapshots).
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name'),
    userId: text('user_id').notNull(),
    userName: text('user_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('impersonation_tokens_user_idx').on(table.userId)],
);

export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    organisationId: text('organisation_id').references(() => companies.id, { onDelete: 'set null' }),
    activityDomain: text('activity_domain'),
    subActivityDomain: text('sub_activity_domain'),
    price: doublePrecision('price'),
    unit: text('unit'),
    /** A fraction: 1, 0.75 or 0.5. */
    creditRatio: doublePrecision('credit_ratio'),
    priceOnProposal: boolean('price_on_proposal').notNull().default(false),
    createdAt: createdAt(),
    version: version(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(organisation_name, ''))`,
    ),
    /** Kept by triggers (migration 0009; never written by the app) so that an index serves the sort by company name. */
    organisationName: text('organisation_name'),
  },
  (table) => [
    index('offers_search_fold_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('offers_created_at_idx').on(table.createdAt, table.id),
    index('offers_domain_idx').on(table.activityDomain, table.subActivityDomain, table.createdAt),
    index('offers_organisation_idx').on(table.organisationId, table.createdAt),
    index('offers_sub_domain_idx').on(table.subActivityDomain, table.createdAt, table.id),
    index('offers_title_idx').on(table.title, table.id),
    index('offers_price_idx').on(table.price, table.id),
    index('offers_credit_ratio_idx').on(table.creditRatio, table.id),
    // Descending with empty values last (server/lib/listing.ts emptiesLast).
    index('offers_price_desc_idx').on(table.price.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('offers_credit_ratio_desc_idx').on(table.creditRatio.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('offers_organisation_name_idx').on(table.organisationName, table.id),
    index('offers_organisation_name_desc_idx').on(table.organisationName.desc().nullsLast(), table.id.desc().nullsFirst()),
  ],
);

export const needs = pgTable(
  'needs',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => companies.id, { onDelete: 'set null' }),
    activityDomain: text('activity_domain'),
    subActivityDomain: text('sub_activity_domain'),
    description: text('description').notNull(),
    emergency: text('emergency').notNull(),
    status: text('status').notNull().default('en cours'),
    createdAt: createdAt(),
    version: version(),
    /** Kept by triggers (migration 0009; never written by the app): searched and sorted without a join. */
    organisationName: text('organisation_name'),
    /** The searched description and company name, folded and stored under one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`search_fold(coalesce(description, '') || ' ' || coalesce(organisation_name, ''))`),
  },
  (table) => [
    index('needs_search_fold_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('needs_organisation_name_idx').on(table.organisationName, table.id),
    // Descending with empty values last (server/lib/listing.ts emptiesLast).
    index('needs_organisation_name_desc_idx').on(table.organisationName.desc().nullsLast(), table.id.desc().nullsFirst()),
    // A description may exceed a B-tree entry: the sort by description reads its first 200 characters here, then the whole text.
    index('needs_description_prefix_idx').on(sql`left(${table.description}, 200)`),
    index('needs_created_at_idx').on(table.createdAt, table.id),
    index('needs_domain_idx').on(table.activityDomain, table.subActivityDomain, table.createdAt),
    index('needs_organisation_idx').on(table.organisationId, table.createdAt),
    index('needs_sub_domain_idx').on(table.subActivityDomain, table.createdAt, table.id),
    index('needs_emergency_idx').on(table.emergency, table.id),
  ],
);

export const categoryImages = pgTable(
  'category_images',
  {
    id: text('id').primaryKey(),
    activityDomain: text('activity_domain').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    version: version(),
  },
  (table) => [index('category_images_domain_idx').on(table.activityDomain, table.createdAt)],
);

/** The offer's title and images are kept as they were when the conversation started. */
export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    offerId: text('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    offerTitle: text('offer_title').notNull(),
    offerImages: jsonb('offer_images').$type<string[]>().notNull().default([]),
    sellerId: text('seller_id').references(() => companies.id, { onDelete: 'set null' }),
    buyerId: text('buyer_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Kept by triggers (migration 0009; never written by the app): searched without a join. */
    sellerName: text('seller_name'),
    buyerName: text('buyer_name'),
    /** The last message's text and time (else the room's creation), kept by triggers (migration 0011; never written by the app): sorted without a subquery. */
    lastMessage: text('last_message'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The offer's title and both parties' names, folded and stored under one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(coalesce(offer_title, '') || ' ' || coalesce(seller_name, '') || ' ' || coalesce(buyer_name, ''))`,
    ),
  },
  (table) => [
    index('rooms_created_at_idx').on(table.createdAt, table.id),
    index('rooms_last_activity_idx').on(table.lastActivityAt, table.id),
    index('rooms_search_fold_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A company's rename updates the names on its rooms.
    index('rooms_seller_idx').on(table.sellerId),
    index('rooms_buyer_idx').on(table.buyerId),
  ],
);

export const roomMessages = pgTable(
  'room_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    senderRole: text('sender_role', { enum: ['admin', 'buyer', 'seller'] }).notNull(),
    senderName: text('sender_name').notNull(),
    senderAvatar: text('sender_avatar'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('room_messages_room_idx').on(table.roomId, table.createdAt)],
);

/** Presence: one row per open browser tab; an old `seen_at` is a tab that went away without saying so. */
export const recordViewers = pgTable(
  'record_viewers',
  {
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    tabId: text('tab_id').notNull(),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.resource, table.recordId, table.tabId] }),
    index('record_viewers_record_idx').on(table.resource, table.recordId, table.seenAt),
  ],
);

export type AdminRow = typeof admins.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type NeedRow = typeof needs.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type RoomMessageRow = typeof roomMessages.$inferSelect;

/** The credit ledger. No foreign key: a deleted company's entries stay readable. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id').notNull(),
    amount: credits('amount').notNull(),
    balanceAfter: credits('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** Null for entries no admin made (the opening balances of the migration). */
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    /** The second admin of a four-eyes adjustment (a credit request's approver); `admin_*` then names the requester. */
    approvedById: text('approved_by_id'),
    approvedByName: text('approved_by_name'),
    createdAt: createdAt(),
  },
  (table) => [
    // Ascending keys: read backwards they give ORDER BY created_at DESC, id DESC (NULLS FIRST), which a DESC NULLS LAST index cannot.
    index('credit_entries_company_idx').on(table.companyId, table.createdAt, table.id),
    index('credit_entries_created_at_idx').on(table.createdAt),
    // Four eyes by sum (server/lib/fourEyes.ts): what one admin moved within the window, read on every adjustment.
    index('credit_entries_admin_idx').on(table.adminId, table.createdAt),
  ],
);

/**
 * A credit adjustment waiting for a second admin (four eyes): the ledger moves only when it is approved. Name
 * snapshots and no foreign keys, as the ledger's, so a request outlives its company and its admins.
 */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id').notNull(),
    amount: credits('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<CreditRequestStatus>().notNull().default('pending'),
    requestedById: text('requested_by_id').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedById: text('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    index('credit_requests_status_idx').on(table.status, table.createdAt, table.id),
    index('credit_requests_company_idx').on(table.companyId, table.createdAt, table.id),
  ],
);

/**
 * Written in the change's transaction. No foreign keys and name snapshots, so entries outlive the record and the admin;
 * `changes` never holds a secret.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The record's name when the event was recorded (server/lib/auditNames.ts): the trail still names a deleted record. Null on older rows. */
    entityName: text('entity_name'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [
    // Ascending keys, read backwards for the newest first (see credit_entries_company_idx).
    index('audit_events_created_at_idx').on(table.createdAt, table.id),
    index('audit_events_entity_idx').on(table.entity, table.entityId, table.createdAt, table.id),
    index('audit_events_admin_idx').on(table.adminId, table.createdAt, table.id),
    index('audit_events_action_idx').on(table.action, table.createdAt, table.id),
  ],
);

export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type CreditRequestRow = typeof creditRequests.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Uploaded files (FILE_STORAGE=database). Names are random and never reused, so a row never changes. */
export const storedFiles = pgTable('stored_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** SHA-256 of the bytes, hex: the file's ETag. */
  checksum: text('checksum').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
