import type { FastifyInstance, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { may, type Permission } from '../../shared/catalogue/permissions';
import type { AdminRow } from '../db/schema';
import type { SessionCache } from './sessionCache';
import { mustEnrol } from './secondFactor';
import { sessionAdmin, sessionOf } from './sessions';

/** Expiry and idleness send no notification: open streams re-check their sessions this often (a change heard re-checks at once). */
export const STREAM_SESSION_CHECK_MS = 2_000;
/** Sessions read from the database at once by one re-check, so that a change heard does not flood the pool. */
const LOOKUPS_AT_ONCE = 4;

/** `session`: it ended or no longer admits the route; `unchecked`: it could not be read (the client reconnects and is judged then). */
export type StreamEnding = 'session' | 'unchecked';

interface Watched {
  tokenHash: string;
  adminId: string;
  permission: Permission;
  duringEnrolment: boolean;
  end(why: StreamEnding): void;
}

/** An open stream's hold on its session. */
export interface StreamSession {
  /** Whether the session still admits the stream's route, asked before each event; when not, the stream is ended first. */
  holds(): Promise<boolean>;
  release(): void;
}

/** The checks of requireSession and requirePermission a stream's route passed, but the step-up, which only guards writes. */
const admits = (admin: AdminRow | undefined, watched: Watched, mfaRequiredRoles: readonly string[]): boolean =>
  admin !== undefined &&
  admin.id === watched.adminId &&
  may(admin.role, watched.permission.resource, watched.permission.action) &&
  (watched.duringEnrolment || !mustEnrol(admin, mfaRequiredRoles));

/** One per server (its session cache): the open streams, one timer and one hearing of session changes for all. */
function streamRegistry(server: FastifyInstance) {
  const watched = new Set<Watched>();
  /** One read per session at a time, however many of its streams ask; dropped when a change is heard, as begun before it. */
  const reading = new Map<string, Promise<AdminRow | undefined>>();
  const limit = pLimit(LOOKUPS_AT_ONCE);
  let timer: NodeJS.Timeout | undefined;
  let stopHearing: (() => void) | undefined;
  let sweeping: Promise<void> | undefined;
  let sweepAgain = false;

  const lookUp = (tokenHash: string): Promise<AdminRow | undefined> => {
    const pending = reading.get(tokenHash);
    if (pending) return pending;
    const read = limit(() => sessionAdmin(server, tokenHash)).finally(() => {
      if (reading.get(tokenHash) === read) reading.delete(tokenHash);
    });
    reading.set(tokenHash, read);
    return read;
  };

  /** Each session once, then each of its streams against its own route. */
  const sweep = async () => {
    const byToken = new Map<string, Watched[]>();
    for (const stream of watched) byToken.set(stream.tokenHash, [...(byToken.get(stream.tokenHash) ?? []), stream]);
    await Promise.all(
      [...byToken].map(async ([tokenHash, streams]) => {
        let admin: AdminRow | undefined;
        try {
          admin = await lookUp(tokenHash);
        } catch (error) {
          server.log.warn({ err: error }, 'event streams: a session could not be re-checked, its streams end');
          for (const stream of streams) stream.end('unchecked');
          return;
        }
        for (const stream of streams) if (!admits(admin, stream, server.config.mfaRequiredRoles)) stream.end('session');
      }),
    );
  };

  /** A sweep under way when a change is heard may have read before it: one more follows. */
  const sweepSoon = () => {
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    sweeping = sweep().finally(() => {
      sweeping = undefined;
      if (sweepAgain) {
        sweepAgain = false;
        sweepSoon();
      }
    });
  };

  const onChange = () => {
    reading.clear();
    if (watched.size) sweepSoon();
  };

  return {
    watch(stream: Watched): StreamSession {
      watched.add(stream);
      stopHearing ??= server.sessionCache.onForget(onChange);
      if (!timer) {
        timer = setInterval(sweepSoon, STREAM_SESSION_CHECK_MS);
        timer.unref();
      }
      return {
        async holds() {
          if (!watched.has(stream)) return false;
          try {
            if (admits(await lookUp(stream.tokenHash), stream, server.config.mfaRequiredRoles)) return true;
            stream.end('session');
          } catch (error) {
            server.log.warn({ err: error }, 'event streams: a session could not be re-checked, its stream ends');
            stream.end('unchecked');
          }
          return false;
        },
        release() {
          watched.delete(stream);
          if (watched.size) return;
          clearInterval(timer);
          timer = undefined;
          stopHearing?.();
          stopHearing = undefined;
        },
      };
    },
  };
}

const registries = new WeakMap<SessionCache, ReturnType<typeof streamRegistry>>();

/**
 * Binds a stream to the session and route of the request that opened it: `end` runs (once the stream should carry
 * nothing more) within STREAM_SESSION_CHECK_MS of an expiry or idle deadline, and as soon as a revocation, an admin's
 * deletion or a role change is heard from any server (sessionCache.ts).
 */
export function watchStreamSession(request: FastifyRequest, end: (why: StreamEnding) => void): StreamSession {
  const { admin, tokenHash } = sessionOf(request);
  const { permission, duringEnrolment = false } = request.routeOptions.config;
  // Every route behind sign-in names one (declarePermission); one that did not would stream unchecked.
  if (!permission) throw new Error(`${request.routeOptions.url ?? request.url} streams without a permission (server/lib/streamSessions.ts)`);
  const server = request.server;
  let registry = registries.get(server.sessionCache);
  if (!registry) registries.set(server.sessionCache, (registry = streamRegistry(server)));
  let ended = false;
  return registry.watch({
    tokenHash,
    adminId: admin.id,
    permission,
    duringEnrolment,
    end: (why) => {
      if (ended) return;
      ended = true;
      end(why);
    },
  });
}
