import type { Config } from './config';
import type { Database } from './db/client';
import type { AdminRow } from './db/schema';
import type { Mailer } from './plugins/mail';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    mail: Mailer;
  }
  interface FastifyRequest {
    session?: { admin: AdminRow; token: string };
  }
}
