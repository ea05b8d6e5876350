import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES } from '../../shared/catalogue/audit';
import { declaredEntities, refusingLinksTo } from '../../shared/entities';
import { entities } from '../../server/entities';
import { resources } from '../../src/resources/endpoints';
import { searchPath } from '../../src/providers/searchRequest';
import { exampleBody, recordMaker } from '../helpers/declaredRecords';
import { useSignedInServer } from '../helpers/testServer';

// Property checks over what is declared, on both sides: a new entity is held to them without editing a list.
const ctx = useSignedInServer();
const served = () => new Set(ctx.server.app.routeList.map((route) => `${route.method} ${route.url}`));

describe('the declared entities (server/entities) and resources (src/resources)', () => {
  it('give every server entity an audit name and its standard routes', () => {
    const routes = served();
    for (const entity of entities) {
      expect(AUDIT_ENTITIES, entity.name).toContain(entity.name);
      const path = `/api/${entity.name}`;
      const expected = [
        ...(entity.search ? [`POST ${path}/search`] : []),
        ...(entity.export ? [`POST ${path}/export`] : []),
        ...(entity.create ? [`POST ${path}`] : []),
        ...(entity.read !== false ? [`GET ${path}/:id`] : []),
        ...(entity.update ? [`PUT ${path}/:id`] : []),
        ...(entity.remove !== false ? [`DELETE ${path}/:id`] : []),
        ...(entity.remove !== false && entity.remove?.bulk !== false ? [`POST ${path}/bulk_delete`] : []),
      ];
      expect(
        expected.filter((route) => !routes.has(route)),
        entity.name,
      ).toEqual([]);
    }
  });

  it('give every console resource a search the server serves, and every searchable server entity a console resource', () => {
    const routes = served();
    for (const resource of resources) {
      // A parent's id as the route spells it (the ledger: /company/:id/credit/search).
      const path = searchPath(resource.api, resource.api.parent ? { [resource.api.parent.filter]: 'ID' } : {}).replace('/ID/', '/:id/');
      expect(routes.has(`POST /api${path}`), `${resource.name}: POST ${path}`).toBe(true);
    }
    // A list shows Export unless its declaration says the server has none.
    for (const resource of resources) {
      if (!resource.listOpening || resource.api.exports === false) continue;
      expect(routes.has(`POST /api${resource.api.path}/export`), `${resource.name}: export`).toBe(true);
    }
    const listed = new Set(resources.map((resource) => resource.api.path));
    for (const entity of entities) if (entity.search) expect(listed.has(`/${entity.name}`), entity.name).toBe(true);
  });

  it('give every entity examples its routes accept, a builder’s links made first and kept by the record', async () => {
    for (const { name, create, update, read } of entities) {
      if (!create) continue;
      const made: string[] = [];
      const make = recordMaker(ctx.server.app, ctx.me.call);
      const tracked = async (resource: Parameters<typeof make>[0]) => {
        const id = await make(resource);
        made.push(id);
        return id;
      };
      const created = await ctx.me.call('POST', `/${name}`, await exampleBody(create.example, tracked));
      expect(created.statusCode, `${name}: ${created.body}`).toBe(200);
      const { _id: id } = created.json().data as { _id: string };
      if (read !== false) {
        const record = JSON.stringify((await ctx.me.call('GET', `/${name}/${id}`)).json().data);
        for (const linked of made) expect(record, `${name} keeps its link to ${linked}`).toContain(linked);
      }
      if (!update) continue;
      const changed = await ctx.me.call('PUT', `/${name}/${id}`, await exampleBody(update.example, tracked));
      expect(changed.statusCode, `${name}: ${changed.body}`).toBe(200);
    }
  });

  it('refuse to delete a record that a link declared `refuse` still names, counting the linking records in the answer', async () => {
    const targets = new Set(declaredEntities.flatMap((entity) => Object.values<{ type: string; to?: string }>(entity.fields).map((field) => field.to ?? '')));
    for (const target of [...targets].filter(Boolean)) {
      for (const { entity } of refusingLinksTo(target)) {
        const make = recordMaker(ctx.server.app, ctx.me.call);
        const targetId = await make(target as Parameters<typeof make>[0]);
        const example = entities.find((one) => one.name === entity.name)?.create?.example;
        if (!example) continue;
        const linking = await ctx.me.call('POST', `/${entity.name}`, await exampleBody(example, async (name) => (name === target ? targetId : make(name))));
        expect(linking.statusCode, `${entity.name}: ${linking.body}`).toBe(200);
        const refused = await ctx.me.call('DELETE', `/${target}/${targetId}`);
        // Companies name what still belongs to them (their users and rooms too); any other target, what links to it.
        expect(refused.json(), `${entity.name} → ${target}`).toMatchObject({
          ok: false,
          code: target === 'company' ? 'COMPANY_NOT_EMPTY' : 'RECORD_IN_USE',
          counts: { [entity.plural.toLowerCase()]: 1 },
        });
        expect(refused.statusCode).toBe(409);
      }
    }
  });
});
