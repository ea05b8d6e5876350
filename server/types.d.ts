import type { Config } from './config';
import type { Database } from './db/client';
import type { AdminRow } from './db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
  interface FastifyRequest {
    session?: { admin: AdminRow; token: string };
  }
}
