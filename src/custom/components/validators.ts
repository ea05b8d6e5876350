import { required } from 'react-admin';

/** Spaces alone count as empty, as for the server, which trims them; react-admin's `required()` alone would take them. */
const notBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined);

/** The validators of a required text input: its label gets the asterisk, and spaces alone do not fill it. */
export const requiredText = [required(), notBlank];
