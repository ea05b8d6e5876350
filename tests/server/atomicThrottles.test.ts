import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mfaTokens } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import type { AuditAction } from '../../shared/catalogue/audit';
import { freshTotpCode } from '../helpers/totp';
import { TEST_PASSWORD, buildTestServer, signedInAdmin, type SignedInAdmin, type TestServer } from '../helpers/testServer';

// On PostgreSQL (DATABASE_URL) the parallel calls below run on separate connections and truly race: that run is the one
// that proves a try is counted in the statement that judges it; PGlite runs one statement at a time.

/** Inject's own address is the listed proxy, so each call comes from the X-Forwarded-For address it names. */
const PROXY = '127.0.0.1';
const PARALLEL = 40;

let roomy: TestServer;
let tight: TestServer;
beforeAll(async () => {
  // The address allowance (10) above the token's five wrong codes, so that the token's own limit is what stops them.
  roomy = await buildTestServer({ authRateLimit: { max: 10, windowSeconds: 900 }, trustedProxies: [PROXY] });
  tight = await buildTestServer({ authRateLimit: { max: 3, windowSeconds: 900 }, trustedProxies: [PROXY] });
});
afterAll(async () => {
  await roomy.close();
  await tight.close();
});

const post = (app: FastifyInstance, url: string, payload: object, ip = '192.0.2.10') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': ip } });
const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;
const countOf = (responses: LightMyRequestResponse[], code: string) => responses.filter((response) => codeOf(response) === code).length;

async function enrolled(app: FastifyInstance) {
  const me = await signedInAdmin(app);
  const secret = (await me.call('POST', '/admin/mfa/totp/setup', {})).json<{ data: { secret: string } }>().data.secret;
  const confirmed = await me.call('POST', '/admin/mfa/totp/confirm', { code: await freshTotpCode(app, secret) });
  expect(confirmed.statusCode).toBe(200);
  return { me, secret, recoveryCodes: confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes };
}

/** Six digits that no step around now takes. */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-60, -30, 0, 30, 60].map((shift) => generate({ secret, epoch: now + shift })));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code)) ?? '666666';
}

async function passwordStep(app: FastifyInstance, email: string, ip: string): Promise<string> {
  const response = await post(app, '/admin/signin', { email, password: TEST_PASSWORD }, ip);
  expect(response.json()).toMatchObject({ ok: false, code: 'MFA_REQUIRED' });
  return response.json<{ mfa_token: string }>().mfa_token;
}

async function audited(app: FastifyInstance, admin: SignedInAdmin, action: AuditAction) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, admin.id), eq(auditEvents.action, action)));
}

function expectEnvelopes(responses: LightMyRequestResponse[]) {
  for (const response of responses) {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode === 429) {
      expect(response.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  }
}

describe('an mfa_token', () => {
  it(`judges at most five of ${PARALLEL} parallel wrong codes, and is dead after them`, async () => {
    const { me, secret } = await enrolled(roomy.app);
    const token = await passwordStep(roomy.app, me.email, '198.51.100.1');
    const code = await wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(roomy.app, '/admin/signin/mfa', { mfa_token: token, code }, '198.51.100.1')));
    expectEnvelopes(answers);
    const judged = countOf(answers, 'INVALID_CODE');
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(5);
    expect(countOf(answers, 'INVALID_CODE') + countOf(answers, 'INVALID_TOKEN') + countOf(answers, 'RATE_LIMITED')).toBe(PARALLEL);
    expect((await audited(roomy.app, me, 'failed_sign_in')).length).toBe(judged);
    const right = await post(roomy.app, '/admin/signin/mfa', { mfa_token: token, code: await freshTotpCode(roomy.app, secret) }, '198.51.100.2');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('is spent by its fifth wrong code: the sixth try fails as an unknown token, even with the right code', async () => {
    const { me, secret } = await enrolled(roomy.app);
    const token = await passwordStep(roomy.app, me.email, '198.51.100.3');
    const code = await wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await post(roomy.app, '/admin/signin/mfa', { mfa_token: token, code }, '198.51.100.3')).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect(
      await roomy.app.db
        .select()
        .from(mfaTokens)
        .where(eq(mfaTokens.tokenHash, hashToken(token))),
    ).toEqual([]);
    const sixth = await post(roomy.app, '/admin/signin/mfa', { mfa_token: token, code: await freshTotpCode(roomy.app, secret) }, '198.51.100.3');
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    // A new token from the password is a new allowance of the token's own (the address's and the admin's still count).
    const fresh = await passwordStep(roomy.app, me.email, '198.51.100.3');
    expect((await post(roomy.app, '/admin/signin/mfa', { mfa_token: fresh, code: await freshTotpCode(roomy.app, secret) }, '198.51.100.3')).statusCode).toBe(
      200,
    );
  });
});

describe('successes', () => {
  it('never count: a right password and a right code give their slots back', async () => {
    const { me, secret } = await enrolled(tight.app);
    // Ten rounds take twenty slots of the client's allowance (15) unless each success returns its own.
    for (let round = 0; round < 10; round += 1) {
      const token = await passwordStep(tight.app, me.email, '198.51.100.80');
      const signedIn = await post(tight.app, '/admin/signin/mfa', { mfa_token: token, code: await freshTotpCode(tight.app, secret) }, '198.51.100.80');
      expect(signedIn.statusCode).toBe(200);
    }
  });
});

describe('second-factor failures per admin, whatever the address', () => {
  it('count from 20 addresses for the one admin: locked past the allowance, audited once, a recovery code still signs in', async () => {
    const { me, secret, recoveryCodes } = await enrolled(tight.app);
    const addresses = Array.from({ length: 20 }, (_, index) => `203.0.113.${index + 1}`);
    const tokens: string[] = [];
    for (const ip of addresses) tokens.push(await passwordStep(tight.app, me.email, ip));
    const code = await wrongCode(secret);
    const answers = await Promise.all(addresses.map((ip, index) => post(tight.app, '/admin/signin/mfa', { mfa_token: tokens[index], code }, ip)));
    expectEnvelopes(answers);
    expect(countOf(answers, 'INVALID_CODE')).toBe(3);
    expect(countOf(answers, 'RATE_LIMITED')).toBe(17);
    const locks = await audited(tight.app, me, 'second_factor_locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ adminId: null, changes: { counter: [null, 'second_factor'] } });

    // The TOTP is locked from anywhere, even the right code; the password step still answers, so a recovery code signs in.
    const right = await post(
      tight.app,
      '/admin/signin/mfa',
      { mfa_token: await passwordStep(tight.app, me.email, '203.0.113.50'), code: await freshTotpCode(tight.app, secret) },
      '203.0.113.50',
    );
    expect(right.statusCode).toBe(429);
    const [recovery = ''] = recoveryCodes;
    const rescued = await post(
      tight.app,
      '/admin/signin/mfa',
      { mfa_token: await passwordStep(tight.app, me.email, '203.0.113.51'), code: recovery },
      '203.0.113.51',
    );
    expect(rescued.statusCode).toBe(200);
    expect((await audited(tight.app, me, 'recovery_code_used')).length).toBe(1);
  });

  it('counts wrong recovery codes too, under their own allowance per admin: past it even a right one waits', async () => {
    const { me, recoveryCodes } = await enrolled(tight.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const ip = `198.51.100.${60 + attempt}`;
      const refused = await post(tight.app, '/admin/signin/mfa', { mfa_token: await passwordStep(tight.app, me.email, ip), code: 'aaaaa-aaaaa' }, ip);
      expect(refused.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    }
    const [recovery = ''] = recoveryCodes;
    const locked = await post(
      tight.app,
      '/admin/signin/mfa',
      { mfa_token: await passwordStep(tight.app, me.email, '198.51.100.70'), code: recovery },
      '198.51.100.70',
    );
    expect(locked.statusCode).toBe(429);
    expect((await audited(tight.app, me, 'second_factor_locked')).map((event) => event.changes?.counter)).toEqual([[null, 'recovery_code']]);
  });
});

describe('POST /admin/reauth', () => {
  it(`judges at most the allowance of ${PARALLEL} parallel wrong codes, from any address; a recovery code still re-authenticates`, async () => {
    const { me, secret, recoveryCodes } = await enrolled(tight.app);
    const code = await wrongCode(secret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        tight.app.inject({
          method: 'POST',
          url: '/api/admin/reauth',
          payload: { code },
          headers: { authorization: `JWT ${me.token}`, 'x-forwarded-for': `192.0.2.${index + 1}` },
        }),
      ),
    );
    expectEnvelopes(answers);
    expect(countOf(answers, 'INVALID_CODE')).toBe(3);
    expect(countOf(answers, 'RATE_LIMITED')).toBe(PARALLEL - 3);
    expect((await audited(tight.app, me, 'failed_reauth')).length).toBe(3);
    expect(await audited(tight.app, me, 'second_factor_locked')).toHaveLength(1);
    expect((await me.call('POST', '/admin/reauth', { code: await freshTotpCode(tight.app, secret) })).statusCode).toBe(429);
    expect((await me.call('POST', '/admin/reauth', { code: recoveryCodes[0] ?? '' })).statusCode).toBe(200);
  });

  it(`judges at most the allowance of ${PARALLEL} parallel wrong passwords`, async () => {
    const me = await signedInAdmin(tight.app);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => me.call('POST', '/admin/reauth', { password: 'wrong-pass-1' })));
    expectEnvelopes(answers);
    const judged = countOf(answers, 'WRONG_PASSWORD');
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(3);
    expect((await audited(tight.app, me, 'failed_reauth')).length).toBe(judged);
  });
});
