import { required } from 'react-admin';

/**
 * Text of spaces only counts as empty, as it does for the server, which trims it away; react-admin's
 * `required()` alone would take it.
 */
const notBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined);

/** The validators of a required text input: its label gets the asterisk, and spaces alone do not fill it. */
export const requiredText = [required(), notBlank];
