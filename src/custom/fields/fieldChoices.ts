import { enumLabel, type EnumField } from '../../../shared/entities/fields';

/** react-admin `choices` of an enum field: its values, each under its label. */
export const enumChoices = (field: EnumField) => field.values.map((value) => ({ id: value, name: enumLabel(field, value) }));
