import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { RateLimitedError } from '../../server/lib/errors';
import { takeFailureSlots, type FailureAttempt } from '../../server/lib/rateLimit';
import { useSignedInServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: the server's pool runs these tries on ten connections at once, so a count read
// apart from the statement that takes the slot would let more than the allowance through.
const ctx = useSignedInServer();
const db = () => ctx.server.app.db;

const hitsOf = async (key: string) => (await db().select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits;
const settle = (tries: Array<Promise<FailureAttempt>>) => Promise.allSettled(tries);

describe('failure slots on PostgreSQL', () => {
  it('lets exactly the allowance of 60 parallel tries through, and refuses the rest with the wait', async () => {
    const outcomes = await settle(Array.from({ length: 60 }, () => takeFailureSlots(db(), [{ key: 'slots:parallel', max: 5 }], 900)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    expect(refused).toHaveLength(55);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(RateLimitedError);
      expect((reason as RateLimitedError).retryAfterSeconds).toBeGreaterThan(800);
    }
    // A full window is left as it is: refusals add nothing to it.
    expect(await hitsOf('slots:parallel')).toBe(5);
  });

  it('returns the slots of a try refused by a later limit, and those of a success, so that only failures stay counted', async () => {
    const limits = (n: number) => [
      { key: `slots:wide:${n}`, max: 100 },
      { key: 'slots:narrow', max: 2 },
    ];
    const outcomes = await settle(Array.from({ length: 30 }, (_, n) => takeFailureSlots(db(), limits(n), 900)));
    const taken = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(taken).toHaveLength(2);
    const wide = await Promise.all(Array.from({ length: 30 }, (_, n) => hitsOf(`slots:wide:${n}`)));
    expect(wide.reduce((sum: number, hits) => sum + (hits ?? 0), 0)).toBe(2);
    // Which of the two took the last slot is the race's; exactly one did.
    const last = taken.filter((attempt) => attempt.tookLast('slots:narrow'));
    expect(last).toHaveLength(1);
    const earlier = taken.find((attempt) => !attempt.tookLast('slots:narrow'));
    await earlier?.giveBack(db());
    expect(await hitsOf('slots:narrow')).toBe(1);
    await last[0]?.giveBack(db(), ['slots:narrow']);
    expect(await hitsOf('slots:narrow')).toBeUndefined();
  });

  it('returns the slots of a judgement that throws: it judged nothing', async () => {
    const attempt = await takeFailureSlots(db(), [{ key: 'slots:thrown', max: 1 }], 900);
    await expect(attempt.judge(db(), () => Promise.reject(new RateLimitedError(1)))).rejects.toBeInstanceOf(RateLimitedError);
    expect(await hitsOf('slots:thrown')).toBe(0);
    await expect(takeFailureSlots(db(), [{ key: 'slots:thrown', max: 1 }], 900)).resolves.toBeDefined();
  });
});
