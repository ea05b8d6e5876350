import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditEvents, companies, creditEntries } from '../../server/db/schema';
import { insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

// The ledger itself: every adjustment applies at once (four eyes: creditRequests.test.ts, fourEyesBySum.test.ts); the
// threshold is above any sum of the near-limit amounts below (past what the configuration accepts).
const ctx = useSignedInServer({ creditApprovalThreshold: Number.MAX_SAFE_INTEGER });

/** The ledger's invariant: every company's balance is the sum of its entries. */
afterEach(async () => {
  const result = (await ctx.server.app.db.execute(sql`
    SELECT c.id FROM companies c LEFT JOIN credit_entries e ON e.company_id = c.id
    GROUP BY c.id, c.credit_balance HAVING c.credit_balance <> coalesce(sum(e.amount), 0)`)) as unknown as { rows: unknown[] };
  expect(result.rows).toEqual([]);
});

const entriesOf = (companyId: string) => ctx.server.app.db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId));
const balanceOf = async (companyId: string) =>
  (await ctx.server.app.db.select({ balance: companies.creditBalance }).from(companies).where(eq(companies.id, companyId)))[0]?.balance;

describe('POST /company/{id}/credit', () => {
  it('adjusts the balance with a reason, writes the entry with the admin, and answers the company', async () => {
    const company = await insertCompany(ctx.server.app);
    const answer = await ctx.me.call('POST', `/company/${company.id}/credit`, { amount: 120.25, reason: '  Achat de crédits  ' });
    expect(answer.json()).toMatchObject({ ok: true, data: { _id: company.id, credit_balance: 120.25 } });
    const [entry] = await entriesOf(company.id);
    expect(entry).toMatchObject({ amount: 120.25, balanceAfter: 120.25, reason: 'Achat de crédits', adminId: ctx.me.id, adminName: 'Signed In' });
  });

  it('loses no update under concurrency: 50 simultaneous +1 leave exactly +50 and 50 entries', async () => {
    const company = await insertCompany(ctx.server.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ctx.me.call('POST', `/company/${company.id}/credit`, { amount: 1, reason: 'Concurrent' })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await balanceOf(company.id)).toBe(50);
    const entries = await entriesOf(company.id);
    expect(entries).toHaveLength(50);
    expect(entries.map((entry) => entry.balanceAfter).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });

  it('refuses zero, three decimals, out-of-range amounts, a balance pushed out of range and a missing reason, changing nothing', async () => {
    const company = await insertCompany(ctx.server.app);
    await ctx.me.call('POST', `/company/${company.id}/credit`, { amount: 999_999_999_999, reason: 'Near the bound' });
    const refusals = [
      [{ amount: 0, reason: 'x' }, 'VALIDATION_ERROR'],
      [{ amount: 1.005, reason: 'x' }, 'VALIDATION_ERROR'],
      [{ amount: 1e12, reason: 'x' }, 'VALIDATION_ERROR'],
      [{ amount: 1.7e308, reason: 'x' }, 'VALIDATION_ERROR'],
      [{ amount: '5', reason: 'x' }, 'VALIDATION_ERROR'],
      [{ amount: 5, reason: '   ' }, 'VALIDATION_ERROR'],
      [{ amount: 5, reason: 'x'.repeat(501) }, 'VALIDATION_ERROR'],
      [{ amount: 1, reason: 'Over the bound' }, 'BALANCE_OUT_OF_RANGE'],
    ] as const;
    for (const [payload, code] of refusals) {
      const answer = await ctx.me.call('POST', `/company/${company.id}/credit`, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code });
    }
    expect(await balanceOf(company.id)).toBe(999_999_999_999);
    expect(await entriesOf(company.id)).toHaveLength(1);
    expect((await ctx.me.call('POST', '/company/0123456789abcdef01234567/credit', { amount: 1, reason: 'x' })).statusCode).toBe(404);
  });

  it('takes every two-decimal amount, however large, and nothing finer', async () => {
    const company = await insertCompany(ctx.server.app);
    for (const amount of [144_467_295.17, 301_462_395_741.29, -0.01]) {
      expect((await ctx.me.call('POST', `/company/${company.id}/credit`, { amount, reason: 'Exact' })).json(), String(amount)).toMatchObject({ ok: true });
    }
    expect(await balanceOf(company.id)).toBe(301_606_863_036.45);
    for (const amount of [1e-9, 0.009999999, 12.345]) {
      expect((await ctx.me.call('POST', `/company/${company.id}/credit`, { amount, reason: 'Too fine' })).json(), String(amount)).toMatchObject({
        ok: false,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await entriesOf(company.id)).toHaveLength(3);
  });
});

describe('PUT /company/{id} and the balance', () => {
  it('writes a ledger entry "Edited in the company form" when the balance differs, and none when it does not', async () => {
    const company = (await ctx.me.call('POST', '/company', { name: 'Formulaire SA', logo_url: 'https://x.example/l.png' })).json().data;
    const edited = await ctx.me.call('PUT', `/company/${company._id}`, { ...company, credit_balance: 42.5 });
    expect(edited.json()).toMatchObject({ ok: true, data: { credit_balance: 42.5 } });
    await ctx.me.call('PUT', `/company/${company._id}`, { ...company, name: 'Formulaire SAS', credit_balance: 42.5 });
    const entries = await entriesOf(company._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 42.5, balanceAfter: 42.5, reason: 'Edited in the company form', adminId: ctx.me.id });
  });

  it('refuses a balance out of range or with three decimals, and changes nothing', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Intacte' });
    for (const balance of [1.7e308, 1e12, 10.123]) {
      const answer = await ctx.me.call('PUT', `/company/${company.id}`, { name: 'Changée', credit_balance: balance });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect((await ctx.me.call('GET', `/company/${company.id}`)).json().data).toMatchObject({ name: 'Intacte', credit_balance: 0 });
    expect(await entriesOf(company.id)).toHaveLength(0);
  });
});

describe('POST /company/{id}/credit/search', () => {
  it('lists the entries newest first, ten a page, with the total', async () => {
    const company = await insertCompany(ctx.server.app);
    for (let index = 1; index <= 12; index += 1) await ctx.me.call('POST', `/company/${company.id}/credit`, { amount: index, reason: `Entry ${index}` });
    const first = (await ctx.me.call('POST', `/company/${company.id}/credit/search`, { offset: 0 })).json();
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ amount: 12, balance_after: 78, reason: 'Entry 12', admin_name: 'Signed In', admin_id: ctx.me.id });
    const second = (await ctx.me.call('POST', `/company/${company.id}/credit/search`, { offset: 10 })).json();
    expect(second.data.map((entry: { reason: string }) => entry.reason)).toEqual(['Entry 2', 'Entry 1']);
  });
});

describe('deleting a company', () => {
  it('is refused with the counts while it has users, offers, needs or rooms', async () => {
    const { seller } = await insertRoom(ctx.server.app);
    await insertUser(ctx.server.app, { organisationId: seller.id });
    await insertUser(ctx.server.app, { organisationId: seller.id });
    const answer = await ctx.me.call('DELETE', `/company/${seller.id}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ ok: false, code: 'COMPANY_NOT_EMPTY', counts: { users: 2, offers: 0, needs: 0, rooms: 1 } });
    expect((await ctx.me.call('GET', `/company/${seller.id}`)).statusCode).toBe(200);
  });

  it('deletes an empty company, closing its balance in the ledger; its comments, sync jobs and ledger stay readable', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Éphémère' });
    await ctx.me.call('POST', `/company/${company.id}/comment`, { text: 'Un commentaire' });
    await ctx.me.call('POST', `/company/${company.id}/sync`, { organization_id: 'org-42' });
    await ctx.me.call('POST', `/company/${company.id}/credit`, { amount: 10, reason: 'Avant suppression' });
    expect((await ctx.me.call('DELETE', `/company/${company.id}`)).json()).toEqual({ ok: true });
    const trail = (await ctx.me.call('POST', '/audit/search', { entity: 'company', entity_id: company.id })).json();
    const deletion = trail.data.find((event: { action: string }) => event.action === 'delete');
    expect(deletion.changes.name).toEqual(['Éphémère', null]);
    expect(deletion.changes.comments[0][0]).toMatchObject({ text: 'Un commentaire' });
    expect(deletion.changes.sync_jobs[0][0]).toMatchObject({ organization_id: 'org-42' });
    expect(deletion.exists).toBe(false);
    const ledger = (await ctx.me.call('POST', `/company/${company.id}/credit/search`, { offset: 0 })).json();
    expect(ledger.data.map((entry: { amount: number; balance_after: number; reason: string }) => [entry.amount, entry.balance_after, entry.reason])).toEqual([
      [-10, 0, 'Company deleted'],
      [10, 10, 'Avant suppression'],
    ]);
    expect((await ctx.me.call('POST', '/company/0123456789abcdef01234567/credit/search', { offset: 0 })).statusCode).toBe(404);
  });
});

describe('the migration to the ledger', () => {
  it('turns each existing balance into an "Opening balance" entry, bringing absurd values into range', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const schema = await import('../../server/db/schema');
    const allMigrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
    const beforeLedger = mkdtempSync(join(tmpdir(), 'ap-migrations-'));
    try {
      cpSync(allMigrations, beforeLedger, { recursive: true });
      const journalPath = join(beforeLedger, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
      const ledgerIndex = journal.entries.findIndex((entry) => entry.tag.endsWith('ledger_audit'));
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, ledgerIndex) }));
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle(client, { schema });
      try {
        await migrate(db, { migrationsFolder: beforeLedger });
        await client.exec(`INSERT INTO companies (id, name, credit_balance) VALUES
          ('aaaaaaaaaaaaaaaaaaaaaaaa', 'Riche', 1250.5), ('bbbbbbbbbbbbbbbbbbbbbbbb', 'Vide', 0), ('cccccccccccccccccccccccc', 'Absurde', 1.7e308)`);
        await migrate(db, { migrationsFolder: allMigrations });
        const entries = await db.select().from(creditEntries).orderBy(creditEntries.companyId);
        expect(entries.map((entry) => [entry.companyId, entry.amount, entry.balanceAfter, entry.reason])).toEqual([
          ['aaaaaaaaaaaaaaaaaaaaaaaa', 1250.5, 1250.5, 'Opening balance'],
          ['cccccccccccccccccccccccc', 999_999_999_999.99, 999_999_999_999.99, 'Opening balance'],
        ]);
        expect((await db.select().from(auditEvents)).length).toBe(0);
      } finally {
        await client.close();
      }
    } finally {
      rmSync(beforeLedger, { recursive: true, force: true });
    }
  });
});
