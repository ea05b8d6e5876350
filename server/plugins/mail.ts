import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/ids';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Queues an e-mail in the outbox table (decisions.md). In development the message is also logged,
 * links included, so that a developer can follow an invitation or a recovery link by hand.
 */
export async function queueMail(db: Database, log: FastifyBaseLogger, env: string, mail: Mail): Promise<void> {
  await db.insert(outbox).values({ id: newId(), recipient: mail.to, subject: mail.subject, body: mail.body });
  if (env === 'development') log.info({ to: mail.to, subject: mail.subject }, `mail queued:\n${mail.body}`);
}
