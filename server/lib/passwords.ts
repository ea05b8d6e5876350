import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { boundedConcurrency } from './boundedConcurrency';

/** N = 2^17, r 8, p 1: OWASP's minimum for scrypt. The parameters are stored with each hash. */
const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

/**
 * One derivation holds 128 MiB for about a second: one per core (four at most), a short queue, and beyond it 429 with
 * Retry-After, so that hashing can never take the process's memory or its other requests with it.
 */
const hashingSlots = boundedConcurrency(Math.max(1, Math.min(availableParallelism(), 4)), 16, 2);

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? COST) * (options.r ?? BLOCK_SIZE);
  return hashingSlots(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export const hashingLoad = (): { active: number; waiting: number } => ({ active: hashingSlots.active, waiting: hashingSlots.waiting });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Makes an unknown e-mail cost the same time as a wrong password; random bytes, not a derivation, so it never fails. */
const DECOY_HASH = ['scrypt', COST, BLOCK_SIZE, PARALLELISM, randomBytes(16).toString('base64'), randomBytes(KEY_LENGTH).toString('base64')].join('$');

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const hash = stored ?? DECOY_HASH;
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected) && stored != null;
}
