import { declaredEntities } from '../../shared/entities';
import type { AnyEntity } from './entity';
import admins from './admins';
import categoryImages from './categoryImages';
import { derivedEntity } from './declared';
import needs from './needs';
import offers from './offers';
import users from './users';

/** The entities whose server side is written here (a declared one completes its derived routes with hooks). */
const written: readonly AnyEntity[] = [admins, users, offers, needs, categoryImages];

/**
 * Every entity served by the standard routes (entityRoutes.ts): the written ones, then each declared entity
 * (shared/entities/) that none of them serves, derived from its fields alone.
 */
/** The declared entities no written side serves: their table, routes and contract all derived (server/entities/declared.ts). */
export const derivedDeclarations = declaredEntities.filter((declared) => !written.some((entity) => entity.name === declared.name));

export const entities: readonly AnyEntity[] = [...written, ...derivedDeclarations.map(derivedEntity)];
