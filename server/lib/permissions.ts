import type { FastifyRequest, RouteOptions } from 'fastify';
import { may, type Action, type Permission, type Resource } from '../../shared/catalogue/permissions';
import { sensitivityOf, type Condition } from '../../shared/catalogue/policy';
import { AppError } from './errors';
import { sessionOf } from './sessions';
import { mustEnrol } from './secondFactor';
import { requireFreshProof } from './stepUp';

/**
 * A route's options naming what it needs (shared/catalogue/permissions.ts): `{ ...permit('company', 'update'), schema }`.
 * Its controls come from the policy (shared/catalogue/policy.ts), never from the route. `freshProofWhen`: the handler
 * judges the case in which the policy asks a fresh proof (server/lib/stepUp.ts `requireFreshProofWhen`); a case the
 * policy does not name for this permission is a start-up error.
 */
export function permit(resource: Resource, action: Action, options: { duringEnrolment?: boolean; freshProofWhen?: Condition } = {}) {
  const { freshProof } = sensitivityOf(resource, action);
  if (options.freshProofWhen && options.freshProofWhen !== freshProof)
    throw new Error(`${action} on ${resource}: the policy asks no fresh proof ${options.freshProofWhen} (shared/catalogue/policy.ts)`);
  return { config: { permission: { resource, action } satisfies Permission, ...options } };
}

/** Whether a route may answer 401 REAUTH_REQUIRED: always by its policy, or in the case its handler judges. */
export const asksFreshProof = (config: { permission?: Permission; freshProofWhen?: Condition } | undefined): boolean =>
  Boolean(config?.freshProofWhen) || (config?.permission ? sensitivityOf(config.permission.resource, config.permission.action).freshProof === 'always' : false);

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
  if (sensitivityOf(permission.resource, permission.action).freshProof === 'always') await requireFreshProof(request);
}
