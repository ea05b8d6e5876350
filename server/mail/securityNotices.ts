import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../shared/catalogue/product';
import type { Database } from '../db/client';
import { browserName } from '../lib/browserName';
import type { Mail } from './smtpSender';

/** A change to how an admin signs in, told to the account's address (docs/security.md, "The account is told"). */
type SecurityNotice =
  | { kind: 'password_changed' }
  | { kind: 'password_reset' }
  | { kind: 'totp_enabled' }
  | { kind: 'totp_disabled' }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'passkey_added'; passkey: string }
  | { kind: 'passkey_removed'; passkey: string }
  /** Sent to the old address; `by` is another admin's name, or null for the admin themselves. */
  | { kind: 'email_changed'; from: string; to: string; by: string | null };

/** Where the change came from, as the sessions list shows a session: never the raw user agent. */
interface NoticeOrigin {
  at: Date;
  ip: string | null;
  browser: string | null;
}

const originOf = (request: FastifyRequest): NoticeOrigin => {
  const userAgent = request.headers['user-agent'];
  return { at: new Date(), ip: request.ip || null, browser: userAgent ? browserName(userAgent) : null };
};

function subjectAndSentence(notice: SecurityNotice): [string, string] {
  switch (notice.kind) {
    case 'password_changed':
      return ['your password was changed', 'The password of your account was changed. Your other sessions and password links were ended.'];
    case 'password_reset':
      return ['your password was reset', 'The password of your account was reset through an e-mailed link. The sessions open before it were ended.'];
    case 'totp_enabled':
      return ['an authenticator app was added', 'An authenticator app (TOTP) was added to your account as a second factor, with new recovery codes.'];
    case 'totp_disabled':
      return ['your authenticator app was removed', 'The authenticator app (TOTP) of your account was removed, and its recovery codes with it.'];
    case 'recovery_codes_regenerated':
      return ['your recovery codes were replaced', 'New recovery codes were made for your account; the previous ones no longer work.'];
    case 'passkey_added':
      return ['a passkey was added', `A passkey named “${notice.passkey}” was added to your account.`];
    case 'passkey_removed':
      return ['a passkey was removed', `The passkey named “${notice.passkey}” was removed from your account.`];
    case 'email_changed':
      return [
        'your sign-in address was changed',
        `${notice.by ?? 'You'} changed the sign-in address of your account from ${notice.from} to ${notice.to}. Your sessions and password links were ended.`,
      ];
  }
}

const minuteUtc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One shape for every notice: what changed, when, from where, and what to do if it was not the admin. It never holds a
 * secret nor a link, so that a copy of it carrying a link is known for phishing.
 */
function securityNoticeMail(admin: { name: string; email: string }, notice: SecurityNotice, origin: NoticeOrigin): Mail {
  const [subject, sentence] = subjectAndSentence(notice);
  const from = [origin.browser, origin.ip ? `address ${origin.ip}` : null].filter(Boolean).join(', ') || 'unknown';
  return {
    to: admin.email,
    subject: `${PRODUCT_NAME}: ${subject}`,
    body: [
      `Hello ${admin.name},`,
      '',
      sentence,
      '',
      `When: ${minuteUtc(origin.at)}`,
      `From: ${from}`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, tell another administrator at once, then open ${PRODUCT_NAME} the way you usually do (this mail holds no link), change your password, and check your second factors and sessions on your account's Security tab.`,
      '',
    ].join('\n'),
  };
}

/** Queues the notice in the change's transaction (it commits with it or not at all): flush the mail after the commit. */
export async function tellAccount(
  app: FastifyInstance,
  tx: Database,
  request: FastifyRequest,
  admin: { name: string; email: string },
  notice: SecurityNotice,
): Promise<void> {
  await app.mail.queue(securityNoticeMail(admin, notice, originOf(request)), request.log, tx);
}
