import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** `smtpUrl` in nodemailer's URL form: `smtp://user:pass@host:port` or `smtps://…`. */
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
