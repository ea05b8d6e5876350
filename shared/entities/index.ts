import type { AnyEntityFields, FieldDeclaration } from './fields';
import { adminFields } from './admins';
import { categoryImageFields } from './categoryImages';
import { needFields } from './needs';
import { offerFields } from './offers';
import { userFields } from './users';

/**
 * Every entity declared by its fields. A new one is its file and its line here: the server derives its table, routes and
 * contract, the console its screens, unless a hand-written side exists (server/entities/, src/resources/{name}/). Links
 * that refuse their target's deletion are named in its safe-delete message in this order. Companies declare their fields
 * (./companies.ts) but are served by routes of their own: not listed here.
 */
export const declaredEntities: readonly AnyEntityFields[] = [adminFields, userFields, offerFields, needFields, categoryImageFields];

/** The declared entities (of the registry, unless given) that link to `resource` and refuse its deletion while they do, with the linking field. */
export const refusingLinksTo = (resource: string, among: readonly AnyEntityFields[] = declaredEntities) =>
  among.flatMap((entity) =>
    Object.entries<FieldDeclaration>(entity.fields).flatMap(([field, declaration]) =>
      declaration.type === 'reference' && declaration.to === resource && declaration.onDelete === 'refuse' ? [{ entity, field }] : [],
    ),
  );
