import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { MailSender } from './smtpSender';

export const MAX_SEND_ATTEMPTS = 5;
const BATCH_SIZE = 20;
/** Past this, a crashed sender's claimed rows are claimable again. */
const CLAIM_SECONDS = 120;
/** After the n-th failed try, the row waits n × this. */
const RETRY_STEP_SECONDS = 60;

/**
 * Rows are claimed by one UPDATE over a SELECT … FOR UPDATE SKIP LOCKED, so processes over one database never send a
 * mail twice, and no transaction stays open while SMTP talks.
 */
export async function sendPendingMail(db: Database, sender: MailSender, log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimBatch(db);
    if (claimed.length === 0) return sent;
    for (const mail of claimed) {
      try {
        await sender.send({ to: mail.recipient, subject: mail.subject, body: mail.body });
        // A sent body is the recipient's now: a link it carries must not stay readable in the table (and its backups).
        await db.update(outbox).set({ sentAt: new Date(), body: '', lastError: null, claimedUntil: null }).where(eq(outbox.id, mail.id));
        sent += 1;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        log.warn({ mailId: mail.id, attempt: mail.attempts }, `mail not sent: ${message}`);
        await db
          .update(outbox)
          .set({ lastError: message, claimedUntil: sql`now() + make_interval(secs => ${mail.attempts * RETRY_STEP_SECONDS})` })
          .where(eq(outbox.id, mail.id));
      }
    }
  }
}

async function claimBatch(db: Database) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_SEND_ATTEMPTS), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`))))
    .orderBy(asc(outbox.createdAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, recipient: outbox.recipient, subject: outbox.subject, body: outbox.body, attempts: outbox.attempts });
}
