import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Something that delivers one e-mail or throws. */
export interface MailSender {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Plain-text mail over SMTP; `smtpUrl` is `smtp://user:pass@host:port` or `smtps://…` (nodemailer's URL form). */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(
    // A small pool reuses connections across a round; bounded waits keep an unreachable relay from holding it.
    { url: smtpUrl, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.body });
    },
    close: () => transport.close(),
  };
}
