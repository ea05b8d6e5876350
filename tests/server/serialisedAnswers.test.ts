import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Config } from '../../server/config';
import { contractPlugin } from '../../server/plugins/contract';
import { dataAnswer } from '../../shared/contract/envelope';

/** A bare app with the contract plugin and one route answering `{ok:true, data}`, `dataJson` being the data's JSON, serialised beforehand. */
async function appAnswering(env: Config['env'], dataJson: string) {
  const app = Fastify({ logger: false });
  app.decorate('config', { env } as Config);
  await app.register(contractPlugin);
  app.post('/api/numbers', { schema: { response: { 200: dataAnswer(z.array(z.strictObject({ n: z.number() }))) } } }, (_request, reply) =>
    reply.sendSerialised(Buffer.from(`{"ok":true,"data":${dataJson}}`)),
  );
  await app.ready();
  return app;
}

describe('answers serialised beforehand', () => {
  it('are sent as their bytes, as JSON', async () => {
    const app = await appAnswering('test', '[{"n":1},{"n":2}]');
    const response = await app.inject({ method: 'POST', url: '/api/numbers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe('{"ok":true,"data":[{"n":1},{"n":2}]}');
    await app.close();
  });

  it("are checked against the route's schema wherever answers are checked", async () => {
    const outside = '[{"n":"one"}]';
    const checked = await appAnswering('test', outside);
    expect((await checked.inject({ method: 'POST', url: '/api/numbers' })).statusCode).toBe(500);
    await checked.close();
    const production = await appAnswering('production', outside);
    expect((await production.inject({ method: 'POST', url: '/api/numbers' })).body).toBe(`{"ok":true,"data":${outside}}`);
    await production.close();
  });
});
