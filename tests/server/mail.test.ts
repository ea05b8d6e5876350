import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { outbox } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { openTestDatabase, testConfig, useSignedInServer } from '../helpers/testServer';

interface ReceivedMail {
  from: string;
  to: string[];
  text: string;
}

/** A real SMTP relay on a loopback port that keeps what it receives and refuses the addresses it is told to. */
function startRelay() {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          // Undo quoted-printable soft breaks so that long links read whole.
          text: Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, '').replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  return {
    received,
    refused,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const relay = startRelay();
const relayPort = await relay.listen();
const smtpUrl = `smtp://127.0.0.1:${relayPort}`;
// After hooks run last-registered first: the server (and its pooled SMTP connections) closes before the relay.
afterAll(() => relay.close());
const context = useSignedInServer({ smtpUrl, mailFrom: 'Admin Platform <no-reply@example.test>' });

async function outboxRowFor(email: string) {
  const [row] = await context.server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
  if (!row) throw new Error(`no outbox row for ${email}`);
  return row;
}

describe('e-mail through SMTP when SMTP_URL is set', () => {
  it('sends a new administrator the set-password link and marks the outbox row sent', async () => {
    const email = 'new.colleague@example.com';
    const created = await context.me.call('POST', '/admin', { name: 'New Colleague', email });
    expect(created.json()).toMatchObject({ ok: true });
    await context.server.app.mail.flush();

    const mail = relay.received.find((message) => message.to.includes(email));
    expect(mail?.from).toBe('no-reply@example.test');
    expect(mail?.text).toContain('Subject: Admin Platform: your administrator account');
    expect(mail?.text).toMatch(/\/auth\/reset\?token=[\w-]{20,}/);
    const row = await outboxRowFor(email);
    expect(row.sentAt).toBeInstanceOf(Date);
    // Sent, the link is the recipient's: the row keeps who, when and what, not the body.
    expect(row).toMatchObject({ attempts: 1, lastError: null, body: '', subject: 'Admin Platform: your administrator account' });
  });

  it('keeps a refused mail unsent with its error, waits out its back-off, then sends it once the relay accepts', async () => {
    const email = 'refused.admin@example.com';
    relay.refused.add(email);
    await context.me.call('POST', '/admin', { name: 'Refused Admin', email });
    // The request does not wait on the relay, and a refusal never turns into an error answer.
    const forgot = await context.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email } });
    expect(forgot.json()).toEqual({ ok: true });
    await context.server.app.background.idle();
    await context.server.app.mail.flush();

    const rows = await context.server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/550/);
      // Kept for the next try.
      expect(row.body).toContain('/auth/reset?token=');
      expect(row.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(relay.received.some((message) => message.to.includes(email))).toBe(false);

    // Within the back-off nothing is tried again.
    await context.server.app.mail.flush();
    expect((await outboxRowFor(email)).attempts).toBe(1);

    relay.refused.delete(email);
    await context.server.app.db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.recipient, email));
    await context.server.app.mail.flush();
    const sent = await context.server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(sent.map((row) => [row.attempts, row.sentAt instanceof Date, row.lastError, row.body])).toEqual([
      [2, true, null, ''],
      [2, true, null, ''],
    ]);
    expect(relay.received.filter((message) => message.to.includes(email))).toHaveLength(2);
  });

  it('never sends a mail twice when two server processes drain one database', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ smtpUrl, mailFrom: 'Admin Platform <no-reply@example.test>' });
    const first = await buildApp(config, { database, logger: false });
    const second = await buildApp(config, { database, logger: false });
    try {
      const recipients = Array.from({ length: 45 }, (_, index) => `bulk-${index}@example.com`);
      await first.db.insert(outbox).values(recipients.map((recipient) => ({ id: newId(), recipient, subject: 'Bulk', body: 'Hello' })));
      const [sentByFirst, sentBySecond] = await Promise.all([first.mail.flush(), second.mail.flush()]);

      expect(sentByFirst + sentBySecond).toBe(recipients.length);
      const delivered = relay.received.flatMap((message) => message.to).filter((address) => address.startsWith('bulk-'));
      expect(delivered.sort()).toEqual([...recipients].sort());
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
