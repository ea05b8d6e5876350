import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { AdminRow } from './db/schema';
import type { FileStore } from './lib/fileStore';
import type { SessionCache } from './lib/sessionCache';
import type { Mailer } from './plugins/mail';

import type { BackgroundWork } from './plugins/backgroundWork';

import type { FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Which database `db` is: PGlite has one connection, held exclusively by a transaction. */
    dbKind: DatabaseHandle['kind'];
    config: Config;
    mail: Mailer;
    /** Where uploaded files are saved and read (FILE_STORAGE). */
    files: FileStore;
    background: BackgroundWork;
    /** The admins behind recently used sessions (see server/lib/sessionCache.ts). */
    sessionCache: SessionCache;
    /** LISTEN on a channel of the database (see DatabaseHandle.listen). */
    listenToDatabase: DatabaseHandle['listen'];
    /** Every route the app serves (method + URL), collected as they are registered: the fuzz suite walks them. */
    routeList: Array<{ method: string; url: string; schema?: FastifySchema }>;
  }
  interface FastifyReply {
    /** Sends an answer already serialised to JSON (its 200 answer), checked against the route's schema as others are. */
    sendSerialised(body: Buffer): FastifyReply;
  }
  interface FastifyRequest {
    session?: { admin: AdminRow; token: string };
  }
}
