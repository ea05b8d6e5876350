import { CREDIT_DECIMALS, CREDIT_LIMIT } from '../../../shared/catalogue/audit';

const CENTS = 10 ** CREDIT_DECIMALS;
/** An optional sign, digits, and at most two decimals after `.` or `,`. */
const AMOUNT_TEXT = new RegExp(`^[+-]?\\d+([.,]\\d{1,${CREDIT_DECIMALS}})?$`);

export const isWithinCreditLimit = (value: number): boolean => Math.abs(value) < CREDIT_LIMIT;

/** A typed adjustment: non-zero, at most two decimals, below the limit; undefined otherwise. */
export function parseCreditAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return undefined;
  const amount = Number(trimmed.replace(',', '.'));
  return amount !== 0 && isWithinCreditLimit(amount) ? amount : undefined;
}

/** The balance after an adjustment, summed in cents so that 0.1 + 0.2 is 0.3. */
export const addCredit = (balance: number, amount: number): number => (Math.round(balance * CENTS) + Math.round(amount * CENTS)) / CENTS;
