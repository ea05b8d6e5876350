import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/db/schema';
import { TEST_PASSWORD, buildTestServer, insertAdmin, signedInAdmin, useSignedInServer } from '../helpers/testServer';
import { insertRoom, insertUser } from '../helpers/serverFixtures';

const ctx = useSignedInServer({ devRoutes: true });

describe('the development helpers', () => {
  it('lets the development helper read the last e-mail queued for an address', async () => {
    await ctx.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email: ctx.me.email } });
    await ctx.server.app.background.idle();
    const mail = (await ctx.me.call('GET', `/dev/outbox?to=${encodeURIComponent(ctx.me.email)}`)).json();
    expect(mail).toMatchObject({
      ok: true,
      data: { subject: expect.stringContaining('reset your password'), body: expect.stringContaining('/auth/reset?token=') },
    });
    expect((await ctx.me.call('GET', '/dev/outbox?to=nobody%40example.com')).statusCode).toBe(404);
  });

  it('reads a recovery mail asked for just before, without waiting (it is queued after its answer)', async () => {
    const { email } = await insertAdmin(ctx.server.app, { name: 'Just Asked' });
    const asked = await ctx.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email } });
    expect(asked.json()).toEqual({ ok: true });
    const mail = await ctx.me.call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(mail.json()).toMatchObject({ ok: true, data: { body: expect.stringContaining('Hello Just Asked') } });
  });

  it("finds a mail by its address as the log shows it, whatever the case the admin's record has", async () => {
    const email = `Mixed.Case.${Date.now()}@Example.com`;
    await insertAdmin(ctx.server.app, { name: 'Mixed Case', email });
    await ctx.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email: email.toLowerCase() } });
    for (const asked of [email, email.toLowerCase()]) {
      const mail = await ctx.me.call('GET', `/dev/outbox?to=${encodeURIComponent(asked)}`);
      expect(mail.json(), asked).toMatchObject({ ok: true, data: { body: expect.stringContaining('Hello Mixed Case') } });
    }
  });

  it("ages only the calling session's last proof past STEP_UP_MINUTES: its dangerous calls then ask for fresh proof, an audited change", async () => {
    const user = await insertUser(ctx.server.app);
    const other = await signedInAdmin(ctx.server.app);
    const aged = await ctx.me.call('POST', '/dev/session/stale_proof', {});
    expect(aged.statusCode).toBe(200);
    const minutesAgo = (Date.now() - Date.parse(aged.json().data.authenticated_at)) / 60_000;
    expect(minutesAgo).toBeGreaterThan(ctx.server.app.config.stepUpMinutes);
    expect((await ctx.me.call('POST', `/user/${user.id}/impersonate`)).json()).toEqual({ ok: false, code: 'REAUTH_REQUIRED' });
    expect((await other.call('POST', `/user/${user.id}/impersonate`)).statusCode).toBe(200);
    const events = await ctx.server.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'session'), eq(auditEvents.action, 'update'), eq(auditEvents.adminId, ctx.me.id)));
    expect(events).toEqual([
      expect.objectContaining({ entityId: ctx.me.id, changes: { authenticated_at: [expect.any(String), aged.json().data.authenticated_at] } }),
    ]);

    expect((await ctx.me.call('POST', '/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await ctx.me.call('POST', `/user/${user.id}/impersonate`)).statusCode).toBe(200);
  });

  it('lets the development helper write as the buyer, and only when enabled', async () => {
    const { room, buyer } = await insertRoom(ctx.server.app);
    const written = (await ctx.me.call('POST', `/dev/room/${room.id}/message`, { role: 'buyer', text: 'Je suis l’acheteur' })).json();
    expect(written).toMatchObject({ ok: true, data: { sender_id: buyer.id, sender_role: 'buyer', sender_name: buyer.name } });
    const withoutHelpers = await buildTestServer();
    try {
      const other = await signedInAdmin(withoutHelpers.app);
      expect((await other.call('POST', `/dev/room/${room.id}/message`, { role: 'buyer', text: 'x' })).statusCode).toBe(404);
    } finally {
      await withoutHelpers.close();
    }
  });
});
