export const PRODUCT_NAME = 'Admin Platform';
export const DEFAULT_CREDIT_UNIT = 'credit';

/** The company field that holds the balance, e.g. `credit_balance`. */
export const balanceField = (unit: string = DEFAULT_CREDIT_UNIT): string => `${unit}_balance`;

/** The upload folder for company logos, e.g. `/credit`. */
export const logoFolder = (unit: string = DEFAULT_CREDIT_UNIT): string => `/${unit}`;

/** A balance reads `+N unit` when N > 0, `N unit` otherwise. */
export const formatBalance = (balance: number, unit: string = DEFAULT_CREDIT_UNIT): string => `${balance > 0 ? '+' : ''}${balance} ${unit}`;
