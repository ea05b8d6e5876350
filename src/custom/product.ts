import { balanceField, formatBalance, logoFolder } from '../../shared/catalogue/product';
import { environment } from '../providers';

/** The console's credit unit (from the environment) and the names derived from it. */
export const creditUnit = environment.product;
export const BALANCE_SOURCE = balanceField(creditUnit);
export const LOGO_FOLDER = logoFolder(creditUnit);
export const formatCredit = (balance: number | null | undefined): string => formatBalance(Number(balance ?? 0), creditUnit);
