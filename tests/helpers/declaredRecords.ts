import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Resource } from '../../shared/catalogue/permissions';
import { entities } from '../../server/entities';
import type { AnyEntity, Example, MakeLinked } from '../../server/entities/entity';
import { insertCompany, insertUser } from './serverFixtures';

/** A signed-in admin's call (`SignedInAdmin.call`). */
type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/**
 * Records of resources that no declaration creates: companies are served by routes of their own, users are invited
 * (POST /user/invite mails them). Every other resource is made through its declaration's `create.example`.
 */
const UNDECLARED: Partial<Record<Resource, (app: FastifyInstance) => Promise<{ id: string }>>> = {
  company: (app) => insertCompany(app),
  user: (app) => insertUser(app),
};

const declared = (name: string): AnyEntity | undefined => entities.find((entity) => entity.name === name);

/** Whether `recordMaker` can make a record of the resource named `name`. */
export const canMake = (name: string): boolean => Boolean(declared(name)?.create ?? UNDECLARED[name as Resource]);

/** An example's body: itself, or what its builder answers once it has made the records the body links to. */
export const exampleBody = async (example: Example<unknown>, make: MakeLinked): Promise<unknown> =>
  typeof example === 'function' ? (example as (make: MakeLinked) => Promise<unknown>)(make) : example;

/**
 * Makes one record of a resource and answers its id: a declared entity through its create route with its
 * `create.example` (whose builder makes the records it links to, the same way), any other from the fixtures.
 */
export function recordMaker(app: FastifyInstance, call: Call): MakeLinked {
  const make: MakeLinked = async (name) => {
    const create = declared(name)?.create;
    if (create) {
      const answer = await call('POST', `/${name}`, await exampleBody(create.example, make));
      if (answer.statusCode >= 300) throw new Error(`POST /${name} with its declaration's example: ${answer.body}`);
      return (answer.json() as { data: { _id: string } }).data._id;
    }
    const fixture = UNDECLARED[name];
    if (!fixture) throw new Error(`no way to make a ${name}: give its declaration a create.example`);
    return (await fixture(app)).id;
  };
  return make;
}
