import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { AdminRow } from './db/schema';
import type { FileStore } from './lib/fileStore';
import type { SessionCache } from './lib/sessionCache';
import type { Mailer } from './plugins/mail';

import type { BackgroundWork } from './plugins/backgroundWork';

import type { FastifySchema } from 'fastify';
import type { Permission } from '../shared/catalogue/permissions';
import type { Condition } from '../shared/catalogue/policy';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** PGlite has one connection, held exclusively by a transaction. */
    dbKind: DatabaseHandle['kind'];
    config: Config;
    mail: Mailer;
    /** FILE_STORAGE. */
    files: FileStore;
    background: BackgroundWork;
    /** server/lib/sessionCache.ts */
    sessionCache: SessionCache;
    listenToDatabase: DatabaseHandle['listen'];
    /** Collected as routes are registered: the fuzz suite walks them. */
    routeList: Array<{ method: string; url: string; schema?: FastifySchema; permission?: Permission; freshProofWhen?: Condition }>;
  }
  interface FastifyReply {
    /** Already serialised JSON (its 200 answer), checked against the route's schema as others are. */
    sendSerialised(body: Buffer): FastifyReply;
  }
  interface FastifyContextConfig {
    /** What the signed-in admin's role must allow (server/lib/permissions.ts); every route behind sign-in names one. */
    permission?: Permission;
    /** Open to an admin who must enrol a second factor first (MFA_REQUIRED_ROLES): the enrolment itself, and signing out. */
    duringEnrolment?: boolean;
    /** The case in which the policy asks this route a fresh proof, judged by its handler (server/lib/stepUp.ts). */
    freshProofWhen?: Condition;
  }
  interface FastifyRequest {
    session?: { admin: AdminRow; token: string; tokenHash: string };
  }
}
