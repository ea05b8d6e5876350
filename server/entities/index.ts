import type { AnyEntity } from './entity';
import admins from './admins';
import categoryImages from './categoryImages';
import needs from './needs';
import offers from './offers';
import users from './users';

/** Every entity served by the standard routes (entityRoutes.ts): a new entity is its file and its line here. */
export const entities: readonly AnyEntity[] = [admins, users, offers, needs, categoryImages];
