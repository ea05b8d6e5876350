import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/ids';
import { sendPendingMail } from '../mail/outboxSending';
import { smtpSender, type Mail } from '../mail/smtpSender';

export interface Mailer {
  /** Given the transaction of the change the mail tells of, the row commits with it: call `flush` after the commit. */
  queue(mail: Mail, log: FastifyBaseLogger, transaction?: Database): Promise<void>;
  /** Resolves after every round started before it; without SMTP, does nothing. */
  flush(): Promise<number>;
}

/** Unsent mail (a relay that was down) is retried this often, with each row's own back-off. */
const RETRY_PERIOD_MS = 60_000;

/** Without SMTP_URL mail stays in the outbox (and, in development, in the log, so a developer can follow its links). */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const sender = config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom) : undefined;
  let rounds: Promise<number> = Promise.resolve(0);

  const flush = (): Promise<number> => {
    if (!sender) return Promise.resolve(0);
    // One round at a time per process; the claims keep processes apart.
    rounds = rounds
      .then(() => sendPendingMail(app.db, sender, app.log))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'mail sending round failed');
        return 0;
      });
    return rounds;
  };

  const mailer: Mailer = {
    async queue(mail, log, transaction) {
      await (transaction ?? app.db).insert(outbox).values({ id: newId(), recipient: mail.to, subject: mail.subject, body: mail.body });
      if (config.env === 'development') log.info({ to: mail.to, subject: mail.subject }, `mail queued:\n${mail.body}`);
      // Within a transaction the row is not visible to the sender yet.
      if (!transaction) void flush();
    },
    flush,
  };
  app.decorate('mail', mailer);

  if (sender) {
    const timer = setInterval(() => void flush(), RETRY_PERIOD_MS);
    timer.unref();
    app.addHook('onReady', async () => void flush());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await rounds;
      sender.close();
    });
  }
});
