import admins from './admins/api';
import auditEvents from './auditEvents/api';
import companies from './companies/api';
import creditEntries from './creditEntries/api';
import type { ResourceApi, ResourceEndpoint } from './declarations';
import rooms from './messages/api';
import needs from './needs/api';
import offers from './offers/api';
import users from './users/api';

/** Every resource's endpoint (index.ts declares each with its screens). */
export const endpoints: readonly ResourceEndpoint[] = [admins, users, companies, offers, needs, rooms, creditEntries, auditEvents];

const byName = new Map(endpoints.map((endpoint) => [endpoint.name, endpoint]));

/** The endpoint of the resource named `name`; a name no resource declares is a programming error. */
export function resourceEndpoint(name: string): ResourceEndpoint {
  const endpoint = byName.get(name);
  if (!endpoint) throw new Error(`Unknown resource: ${name}`);
  return endpoint;
}

/** How the resource named `name` speaks to the API. */
export const resourceApi = (name: string): ResourceApi => resourceEndpoint(name).api;
