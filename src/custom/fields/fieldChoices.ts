import { enumLabel, numberLabel, type EnumField, type NumberField } from '../../../shared/entities/fields';

/** react-admin `choices` of an enum field: its values, each under its label. */
export const enumChoices = (field: EnumField) => field.values.map((value) => ({ id: value, name: enumLabel(field, value) }));

/** react-admin `choices` of a number field that declares its values (a ratio as a percent). */
export const numberChoices = (field: NumberField) => (field.values ?? []).map((value) => ({ id: value, name: numberLabel(field, value) }));
