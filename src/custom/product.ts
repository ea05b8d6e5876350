import { balanceField, formatBalance, logoFolder } from '../../shared/catalogue/product';
import { environment } from '../providers';

/** The console's credit unit (the configured product, `credit` by default) and the names derived from it. */
export const creditUnit = environment.product;
export const BALANCE_SOURCE = balanceField(creditUnit);
export const LOGO_FOLDER = logoFolder(creditUnit);

/** Narrow no-break space: the thousands separator of French typography and SI, which no line break splits. */
const GROUP = '\u202f';

/**
 * 357405 → '357 405', -1234567.5 → '-1 234 567.5': thousands grouped from five digits on (a four-digit number stays
 * whole, as French typography and SI write it), the decimals after a point as the ledger writes them.
 */
export function groupDigits(value: number): string {
  const [whole = '', decimals] = String(Math.abs(value)).split('.');
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP) : whole;
  return `${value < 0 ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** Every credit amount of the console, in the balance's form ('+N unit', 'N unit'), N grouped in thousands. */
export const formatCredit = (balance: number | null | undefined): string =>
  formatBalance(Number(balance ?? 0), creditUnit).replace(/\d+/, (digits) => groupDigits(Number(digits)));

/** A company's balance, read under its run-time name (`{product}_balance`); 0 while the record has none. */
export const balanceOf = (company: Record<string, unknown>): number => {
  const balance = company[BALANCE_SOURCE];
  return typeof balance === 'number' ? balance : 0;
};
