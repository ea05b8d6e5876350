import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { refuseUnboundStream } from '../../server/lib/eventStream';

/** A route that writes its event stream by hand, past openEventStream, and one that answers JSON. */
async function appWithHandMadeStream() {
  const app = Fastify({ logger: false });
  app.addHook('onSend', refuseUnboundStream);
  app.get('/by-hand', (_request, reply) => reply.header('content-type', 'text/event-stream; charset=utf-8').send('event: message\ndata: {}\n\n'));
  app.get('/json', () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('an event stream not opened through openEventStream', () => {
  it('is never sent: it would not end with its session', async () => {
    const app = await appWithHandMadeStream();
    try {
      const byHand = await app.inject({ method: 'GET', url: '/by-hand' });
      expect(byHand.statusCode).toBe(500);
      expect(byHand.body).not.toContain('event: message');
      expect((await app.inject({ method: 'GET', url: '/json' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});
