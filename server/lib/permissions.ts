import type { FastifyRequest, RouteOptions } from 'fastify';
import { may, type Action, type Permission, type Resource } from '../../shared/catalogue/permissions';
import { AppError } from './errors';
import { sessionOf } from './sessions';
import { mustEnrol } from './secondFactor';
import { requireFreshProof } from './stepUp';

/**
 * A route's options naming what it needs (shared/catalogue/permissions.ts): `{ ...permit('company', 'update'), schema }`;
 * `stepUp`: a dangerous call, which also needs a fresh proof of identity (server/lib/stepUp.ts).
 */
export const permit = (resource: Resource, action: Action, options: { duringEnrolment?: boolean; stepUp?: boolean } = {}) => ({
  config: { permission: { resource, action } satisfies Permission, ...options },
});

/** onRoute hook of the scope behind sign-in: a route that names no permission is a start-up error, never an open door. */
export function declarePermission(route: RouteOptions): void {
  if (!route.config?.permission) throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no permission (server/lib/permissions.ts)`);
}

/** Whether the signed-in admin's role may do `action` on `resource`: a route's own finer rules (a balance, a role). */
export const allowed = (request: FastifyRequest, resource: Resource, action: Action): boolean => may(sessionOf(request).admin.role, resource, action);

export function refuseUnless(request: FastifyRequest, resource: Resource, action: Action): void {
  if (!allowed(request, resource, action)) throw new AppError(403, 'FORBIDDEN');
}

/** onRequest hook after the session's: refused before the body is read, so a refusal changes nothing. */
export async function requirePermission(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission;
  if (!permission) throw new AppError(403, 'FORBIDDEN');
  refuseUnless(request, permission.resource, permission.action);
  const { admin } = sessionOf(request);
  if (mustEnrol(admin, request.server.config.mfaRequiredRoles) && !request.routeOptions.config.duringEnrolment)
    throw new AppError(403, 'MFA_ENROLMENT_REQUIRED');
  if (request.routeOptions.config.stepUp) await requireFreshProof(request);
}
