import { and, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { LIFETIME_MS, PASSWORD_LINK_TOKEN } from '../lib/authTokens';
import { MAX_SEND_ATTEMPTS } from './outboxSending';

/** No unsent body outlives the longest link it could carry (an invitation's), notices included. */
const UNSENT_BODY_KEPT_SECONDS = Math.max(...Object.values(LIFETIME_MS)) / 1000;

/** What a cleared row says instead of a relay's error: it will never be sent. */
export const BODY_CLEARED = 'body cleared unsent: its link or its time ran out';

/**
 * Blanks the body of unsent mail whose password link is no longer live (expired, used or revoked: the token's own row
 * says, so no lifetime is copied here), and of any unsent mail older than the longest link. A sent mail's body was blanked
 * when it was sent (outboxSending.ts). The row keeps who, when and what (recipient, subject, times) for the record;
 * it is marked given up, since an empty mail must not go out if a relay comes back. The column is NOT NULL: '' it is.
 */
export async function clearSpentMailBodies(db: Database): Promise<number> {
  const linkToken = sql`substring(outbox.body from ${PASSWORD_LINK_TOKEN})`;
  const liveLink = sql`exists (select 1 from auth_tokens t
    where t.token_hash = encode(sha256(convert_to(${linkToken}, 'UTF8')), 'hex') and t.used_at is null and t.expires_at > now())`;
  const cleared = await db
    .update(outbox)
    .set({ body: '', attempts: sql`greatest(${outbox.attempts}, ${MAX_SEND_ATTEMPTS})`, lastError: BODY_CLEARED, claimedUntil: null })
    .where(
      and(
        isNull(outbox.sentAt),
        ne(outbox.body, ''),
        or(sql`${outbox.createdAt} < now() - make_interval(secs => ${UNSENT_BODY_KEPT_SECONDS})`, sql`${linkToken} is not null and not ${liveLink}`),
      ),
    )
    .returning({ id: outbox.id });
  return cleared.length;
}
