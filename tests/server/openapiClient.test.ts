import { readFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, clientTypes, type OpenApiDocument } from '../../scripts/openapiTools';
import type { paths } from '../helpers/apiClient/schema';
import { insertCompany } from '../helpers/serverFixtures';
import { insertAdmin, TEST_PASSWORD, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

describe('a client generated from the published document (openapi-typescript, openapi-fetch)', () => {
  it('is generated from the document the server publishes now (`npm run api:types` regenerates it)', async () => {
    const document = (await ctx.server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    expect(await clientTypes(document)).toBe(await readFile(API_TYPES_FILE, 'utf8'));
  });

  it('signs in, searches, updates and exports over HTTP, as generated', async () => {
    const baseUrl = await ctx.server.app.listen({ host: '127.0.0.1', port: 0 });
    const { email } = await insertAdmin(ctx.server.app, { name: 'Client Admin' });
    await insertCompany(ctx.server.app, { name: 'Menuiserie Client', city: 'Nantes' });

    const signIn = await createClient<paths>({ baseUrl }).POST('/api/admin/signin', { body: { email, password: TEST_PASSWORD } });
    expect(signIn.error).toBeUndefined();
    const token = signIn.data?.token ?? '';
    expect(signIn.data?.user.email).toBe(email);
    const api = createClient<paths>({ baseUrl, headers: { Authorization: `JWT ${token}` } });

    const search = await api.POST('/api/company/search', { body: { search: 'Menuiserie Client', sort: { name: 1 } } });
    expect(search.data?.total).toBe(1);
    const company = search.data?.data[0];
    expect(company).toMatchObject({ name: 'Menuiserie Client', city: 'Nantes', credit_balance: 0 });

    const update = await api.PUT('/api/company/{id}', {
      params: { path: { id: company?._id ?? '' } },
      body: { city: 'Lyon', siret: '123 456 789 01234', website: '', version: company?.version },
    });
    expect(update.error).toBeUndefined();
    expect(update.data?.data).toMatchObject({ city: 'Lyon', siret: '12345678901234', website: null });

    const stale = await api.PUT('/api/company/{id}', { params: { path: { id: company?._id ?? '' } }, body: { city: 'Paris', version: company?.version } });
    expect(stale.response.status).toBe(409);
    expect(stale.error?.code).toBe('STALE_RECORD');

    const refused = await api.POST('/api/company/search', { body: { sort: { password: 1 } } });
    expect(refused.error).toEqual({ ok: false, code: 'VALIDATION_ERROR', errors: { sort: 'not a sortable column' } });

    const exported = await api.POST('/api/company/export', { body: { search: 'Menuiserie Client' }, parseAs: 'text' });
    expect(exported.response.headers.get('content-disposition')).toMatch(/^attachment; filename="companies-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.data).toContain('Menuiserie Client');
    expect(exported.data).toContain('Lyon');

    const unsigned = await createClient<paths>({ baseUrl }).POST('/api/company/search', {});
    expect(unsigned.error?.code).toBe('UNAUTHORIZED');
  });
});
