import type { FieldDeclaration } from '../../../shared/entities/fields';

/** The key of the record that shows the field, and its sort key: a reference shows its linked record's name (sortKeysOf). */
export const shownKey = (name: string, field: FieldDeclaration): string => (field.type === 'reference' ? field.nameKey : name);
