import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, outbox } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { pruneExpired } from '../../server/lib/pruneExpired';
import { BODY_CLEARED, clearSpentMailBodies } from '../../server/mail/outboxRetention';
import { buildApp } from '../../server/app';
import { insertAdmin, openTestDatabase, testConfig, useSignedInServer } from '../helpers/testServer';

// No SMTP: mail stays in the outbox, as in development, and only the housekeeping clears it.
const ctx = useSignedInServer();
const db = () => ctx.server.app.db;

async function mailTo(email: string) {
  const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The hourly housekeeping's steps, in its order: expired tokens pruned, then spent bodies cleared. */
async function housekeep() {
  await pruneExpired(db(), 900);
  return clearSpentMailBodies(db());
}

/** Moves a mail and the links issued to its admin `minutes` back in time. */
async function age(email: string, adminId: string, minutes: number) {
  const back = sql`make_interval(mins => ${minutes})`;
  await db()
    .update(outbox)
    .set({ createdAt: sql`${outbox.createdAt} - ${back}` })
    .where(eq(outbox.recipient, email));
  await db()
    .update(authTokens)
    .set({ createdAt: sql`${authTokens.createdAt} - ${back}`, expiresAt: sql`${authTokens.expiresAt} - ${back}` })
    .where(eq(authTokens.adminId, adminId));
}

async function askReset(email: string) {
  await ctx.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email } });
  await ctx.server.app.background.idle();
}

describe('the outbox keeps a link mail readable only while its link lives', () => {
  it('clears an unsent reset mail once its hour is over, keeping who, when and what', async () => {
    const { id, email } = await insertAdmin(ctx.server.app, { name: 'Reset Asker' });
    await askReset(email);
    await age(email, id, 59);
    expect(await housekeep()).toBe(0);
    expect((await mailTo(email)).body).toMatch(/\/auth\/reset\?token=[\w-]{20,}/);

    await age(email, id, 2);
    await housekeep();
    const mail = await mailTo(email);
    expect(mail).toMatchObject({ body: '', subject: 'Admin Platform: reset your password', sentAt: null, lastError: BODY_CLEARED });
    expect(mail.createdAt).toBeInstanceOf(Date);
    // Never sent empty, should a relay come later.
    expect(mail.attempts).toBeGreaterThanOrEqual(5);
  });

  it('clears an unsent invitation after its 7 days, not before', async () => {
    const email = 'invited.admin@example.com';
    expect((await ctx.me.call('POST', '/admin', { name: 'Invited Admin', email })).json()).toMatchObject({ ok: true });
    const [admin] = await db().select({ id: authTokens.adminId }).from(authTokens).where(eq(authTokens.purpose, 'invite'));
    if (!admin) throw new Error('no invitation link');
    await age(email, admin.id, 7 * 24 * 60 - 5);
    await housekeep();
    expect((await mailTo(email)).body).toContain('Choose your password within 7 days');

    await age(email, admin.id, 10);
    await housekeep();
    expect(await mailTo(email)).toMatchObject({ body: '', subject: 'Admin Platform: your administrator account' });
  });

  it("clears a link mail as soon as its link is used, and keeps another admin's live link", async () => {
    const { email } = await insertAdmin(ctx.server.app, { name: 'Link User' });
    await askReset(email);
    const token = /token=([\w-]+)/.exec((await mailTo(email)).body)?.[1];
    if (!token) throw new Error('no link');
    const reset = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/admin/forgot_password_reset',
      payload: { token, password: 'a-new-pass-42', password1: 'a-new-pass-42' },
    });
    expect(reset.json()).toMatchObject({ ok: true });
    const other = await insertAdmin(ctx.server.app, { name: 'Still Waiting' });
    await askReset(other.email);

    await housekeep();
    expect((await mailTo(email)).body).toBe('');
    expect((await mailTo(other.email)).body).toContain('Hello Still Waiting');
  });

  it('keeps an unsent notice for the longest link lifetime, then clears it too', async () => {
    const email = 'notice@example.com';
    await db()
      .insert(outbox)
      .values({ id: newId(), recipient: email, subject: 'Admin Platform: your sign-in address was changed', body: 'Hello,\nno link here.\n' });
    await db()
      .update(outbox)
      .set({ createdAt: sql`now() - interval '6 days'` })
      .where(eq(outbox.recipient, email));
    await housekeep();
    expect((await mailTo(email)).body).toContain('no link here');
    await db()
      .update(outbox)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(outbox.recipient, email));
    await housekeep();
    expect((await mailTo(email)).body).toBe('');
  });

  it('leaves a sent mail as it is', async () => {
    const email = 'already.sent@example.com';
    await db()
      .insert(outbox)
      .values({ id: newId(), recipient: email, subject: 'Sent', body: '', sentAt: new Date(Date.now() - 9 * 24 * 3600 * 1000), attempts: 1 });
    expect(await housekeep()).toBe(0);
    expect(await mailTo(email)).toMatchObject({ attempts: 1, lastError: null });
  });

  it('is part of the housekeeping a server runs when it starts (and hourly)', async () => {
    const database = await openTestDatabase();
    const before = await buildApp(testConfig(), { database, logger: false });
    await before.db
      .insert(outbox)
      .values({ id: newId(), recipient: 'old@example.com', subject: 'Old', body: 'Old news', createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    await before.close();
    const app = await buildApp(testConfig(), { database, logger: false });
    try {
      await app.ready();
      const [mail] = await app.db.select().from(outbox).where(eq(outbox.recipient, 'old@example.com'));
      expect(mail?.body).toBe('');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
