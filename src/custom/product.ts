import { balanceField, formatBalance, logoFolder } from '../../shared/catalogue/product';
import { environment } from '../providers';

/** The console's credit unit (the configured product, `credit` by default) and the names derived from it. */
export const creditUnit = environment.product;
export const BALANCE_SOURCE = balanceField(creditUnit);
export const LOGO_FOLDER = logoFolder(creditUnit);
export const formatCredit = (balance: number | null | undefined): string => formatBalance(Number(balance ?? 0), creditUnit);

/** A company's balance, read under its run-time name (`{product}_balance`); 0 while the record has none. */
export const balanceOf = (company: Record<string, unknown>): number => {
  const balance = company[BALANCE_SOURCE];
  return typeof balance === 'number' ? balance : 0;
};
