import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface BackgroundWork {
  /** After the answer is sent; a failure is logged, never thrown at the client. */
  run(task: () => Promise<void>, log: FastifyBaseLogger): void;
  /** Every task started so far has ended (tests; closing the app). */
  idle(): Promise<void>;
}

/** Work that must not shape the answer, e.g. a recovery mail whose cost would tell a known address by the answer's time. */
export const backgroundWorkPlugin = fp(async (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  const work: BackgroundWork = {
    run(task, log) {
      const running = (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await task();
      })()
        .catch((error: unknown) => log.error({ err: error }, 'background work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
  app.decorate('background', work);
  app.addHook('onClose', () => work.idle());
});
