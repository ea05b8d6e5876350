import { OPENAPI_PATH } from '../../server/plugins/contract';
import { openApiPath } from '../../server/lib/openApiDocument';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, may, PERMISSIONS, RESOURCES, ROLES, type Role } from '../../shared/catalogue/permissions';
import { declarePermission } from '../../server/lib/permissions';
import { tableFingerprinter } from '../helpers/dbFingerprint';
import { signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

// Generated from the route list and the permission table: a new route, role or grant is covered without editing this file.
const ctx = useSignedInServer({ devRoutes: true });
const admins = {} as Record<Role, SignedInAdmin>;
beforeAll(async () => {
  for (const role of ROLES) admins[role] = await signedInAdmin(ctx.server.app, role);
});

/** The routes that take the session token (the start-up call trades a cookie, and says nothing but who is signed in). */
const protectedRoutes = () => ctx.server.app.routeList.filter((route) => route.schema?.security?.some((scheme) => 'session' in scheme));

/** A path whose parameters all fail validation: a call let through the role's gate is refused as invalid, and changes nothing. */
const invalidPath = (url: string) => url.replace(/:[a-zA-Z_]+/g, 'not-valid');

describe('every route behind sign-in', () => {
  it('names the permission it needs, from the table', () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      expect(route.permission, `${route.method} ${route.url}`).toBeDefined();
      expect(RESOURCES, `${route.method} ${route.url}`).toContain(route.permission?.resource);
      expect(ACTIONS, `${route.method} ${route.url}`).toContain(route.permission?.action);
    }
  });

  it('answers 403 FORBIDDEN to each role its permission leaves out, before reading the body, and lets the others through', async () => {
    const { fingerprint } = await tableFingerprinter(ctx.server.app.db);
    const before = await fingerprint();
    const refusedTo: Partial<Record<Role, string[]>> = {};
    // Signing out ends the session the other calls use, and changes the sessions: it goes last, after the fingerprint.
    const signOut = (route: { url: string }) => route.url === '/api/admin/logout';
    const routes = [...protectedRoutes().filter((route) => !signOut(route)), ...protectedRoutes().filter(signOut)];
    let after: Awaited<ReturnType<typeof fingerprint>> | undefined;
    for (const route of routes) {
      if (signOut(route)) after ??= await fingerprint();
      const { resource, action } = route.permission ?? {};
      if (!resource || !action) throw new Error(`${route.method} ${route.url} has no permission`);
      for (const role of ROLES) {
        const response = await ctx.server.app.inject({
          method: route.method as 'GET',
          url: invalidPath(route.url),
          headers: { authorization: `JWT ${admins[role].token}` },
          // An array where every body is an object: refused as invalid once past the gate.
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: [] } : {}),
        });
        const key = `${role} ${route.method} ${route.url}`;
        if (may(role, resource, action)) {
          expect(response.statusCode, key).not.toBe(403);
        } else {
          expect(response.statusCode, key).toBe(403);
          expect(response.json(), key).toEqual({ ok: false, code: 'FORBIDDEN' });
          (refusedTo[role] ??= []).push(`${route.method} ${route.url}`);
        }
      }
    }
    expect(after).toEqual(before);
    // The owner keeps the whole console; every other role is refused something.
    expect(refusedTo.owner).toBeUndefined();
    for (const role of ROLES.filter((role) => role !== 'owner')) expect(refusedTo[role]?.length, role).toBeGreaterThan(0);
  });

  it('documents its permission and the roles that have it in the OpenAPI document, with its 403', async () => {
    const document = (await ctx.server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    for (const route of protectedRoutes()) {
      const operation = document.paths[openApiPath(route.url)][route.method.toLowerCase()];
      const { resource, action } = route.permission ?? {};
      const roles = ROLES.filter((role) => resource && action && may(role, resource, action));
      expect(operation.description, `${route.method} ${route.url}`).toContain(`\`${action}\` on \`${resource}\`, which these roles have: ${roles.join(', ')}.`);
      expect(operation.responses['403'], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('refuses at start-up a route that names no permission', async () => {
    const app = Fastify();
    app.register(async (scope) => {
      scope.addHook('onRoute', declarePermission);
      scope.get('/open', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('GET /open declares no permission');
  });
});

describe('the permission table (shared/catalogue/permissions.ts)', () => {
  it('gives the owner everything, and no other role the admins, the approvals of its own kind, or more than the owner', () => {
    for (const resource of RESOURCES) for (const action of ACTIONS) expect(may('owner', resource, action), `${resource} ${action}`).toBe(true);
    for (const role of ROLES.filter((role) => role !== 'owner')) {
      for (const action of ['create', 'update', 'delete', 'bulk'] as const) expect(may(role, 'admin', action), `${role} admin ${action}`).toBe(false);
    }
    expect(ROLES.filter((role) => may(role, 'credit_request', 'approve'))).toEqual(['owner', 'finance']);
    expect(ROLES.filter((role) => may(role, 'credit_entry', 'adjust'))).toEqual(['owner', 'finance']);
    expect(ROLES.filter((role) => may(role, 'audit_event', 'list'))).toEqual(['owner', 'finance']);
    expect(ROLES.filter((role) => may(role, 'user', 'impersonate'))).toEqual(['owner', 'operations']);
  });

  it('gives support reading only, but writing in rooms and commenting on companies', () => {
    const writes = Object.entries(PERMISSIONS.support).flatMap(([resource, actions]) =>
      (actions ?? []).filter((action) => !['list', 'read'].includes(action)).map((action) => `${resource} ${action}`),
    );
    expect(writes.sort()).toEqual(
      ['account secure', 'account update', 'company comment', 'file create', 'message create', 'presence create', 'presence delete'].sort(),
    );
  });

  it('lets nobody with an unknown role do anything', () => {
    expect(may('admin', 'company', 'list')).toBe(false);
    expect(may(undefined, 'dashboard', 'read')).toBe(false);
  });
});
