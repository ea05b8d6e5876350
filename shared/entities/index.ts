import type { AnyEntityFields, FieldDeclaration } from './fields';
import { needFields } from './needs';

/**
 * Every entity declared by its fields. A new one is its file and its line here: the server derives its table, routes and
 * contract, the console its screens, unless a hand-written side exists (server/entities/, src/resources/{name}/).
 */
export const declaredEntities: readonly AnyEntityFields[] = [needFields];

/** The declared entities that link to `resource` and refuse its deletion while they do, with the linking field. */
export const refusingLinksTo = (resource: string) =>
  declaredEntities.flatMap((entity) =>
    Object.entries<FieldDeclaration>(entity.fields).flatMap(([field, declaration]) =>
      declaration.type === 'reference' && declaration.to === resource && declaration.onDelete === 'refuse' ? [{ entity, field }] : [],
    ),
  );
