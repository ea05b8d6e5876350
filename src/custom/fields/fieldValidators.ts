import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from 'react-admin';
import { CREDIT_DECIMALS, CREDIT_LIMIT } from '../../../shared/catalogue/audit';
import type { FieldDeclaration } from '../../../shared/entities/fields';
import { requiredText } from '../components/validators';

const CENTS = 10 ** CREDIT_DECIMALS;

/** The server's creditAmountSchema: at most two decimals, below the limit in absolute value. */
const creditAmount: Validator = (value: unknown) => {
  if (typeof value !== 'number') return undefined;
  if (Math.round(value * CENTS) / CENTS !== value) return `At most ${CREDIT_DECIMALS} decimals`;
  return Math.abs(value) < CREDIT_LIMIT ? undefined : `Must be below ${CREDIT_LIMIT} in absolute value`;
};

const wholeNumber: Validator = (value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? 'Must be a whole number' : undefined);

/** The server's httpUrl: an address of the web. */
const webAddress: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // Not an address at all.
  }
  return protocol === 'http:' || protocol === 'https:' ? undefined : 'Must be a web address (http:// or https://)';
};

/** Bounds as the declaration gives them; none when it gives none. */
function bounds(field: { min?: number; max?: number }): Validator[] {
  return [...(field.min === undefined ? [] : [minValue(field.min)]), ...(field.max === undefined ? [] : [maxValue(field.max)])];
}

/**
 * The form's validators of a field, read from its declared rules, those the contract checks on the server: a form
 * refuses what the server would, before sending it. `required` on a text counts spaces alone as empty, as the server,
 * which trims them.
 */
export function fieldValidators(field: FieldDeclaration): Validator[] {
  const textual = field.type === 'text' || field.type === 'longText' || field.type === 'email' || field.type === 'url';
  const presence = field.required ? (textual ? requiredText : [required()]) : [];
  switch (field.type) {
    case 'text':
    case 'longText':
      return [
        ...presence,
        ...(field.minLength === undefined ? [] : [minLength(field.minLength)]),
        ...(field.maxLength === undefined ? [] : [maxLength(field.maxLength)]),
        // The contract's rule: the whole value matches.
        ...(field.pattern === undefined ? [] : [regex(new RegExp(`^(?:${field.pattern})$`), `Must match ${field.pattern}`)]),
      ];
    case 'email':
      return [...presence, email()];
    case 'url':
      return [...presence, webAddress];
    case 'credits':
      return [...presence, creditAmount, ...bounds(field)];
    case 'integer':
      return [...presence, wholeNumber, ...bounds(field)];
    default:
      return presence;
  }
}
