import { createHash, randomBytes } from 'node:crypto';

/** Record ids keep the 24-hex shape of the platform's `_id`s. */
export const newId = (): string => randomBytes(12).toString('hex');

/** 256 random bits; only their hash is stored. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
