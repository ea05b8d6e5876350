import type { EntityFields } from '../../../shared/entities/fields';

/**
 * What the console reads of a declaration, whatever its fields: `EntityFields<Fields>` is invariant in `Fields` (its
 * `keyof`), so a declaration typed by `defineFields` is not an `EntityFields`, but it is one of these.
 */
export type FieldEntity = Pick<EntityFields, 'name' | 'label' | 'plural' | 'fields' | 'position'> & {
  recordRepresentation: string;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
};
