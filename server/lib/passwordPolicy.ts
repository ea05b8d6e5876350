import { dictionary } from '@zxcvbn-ts/language-common';
import { isAcceptablePassword } from '../../shared/catalogue/passwords';

/** The 49 000 most used passwords (zxcvbn's list, from real leaks), lower-cased. */
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** One short block repeated: 'aaaaaa', 'ababab', 'abcabcabc'. */
const repeatedBlock = /^(.{1,3})\1+$/su;

export function isCommonPassword(password: string): boolean {
  const lowered = password.normalize('NFKC').toLowerCase();
  return commonPasswords.has(lowered) || repeatedBlock.test(lowered);
}

/**
 * A new password must follow the rule the console shows (at least 6 characters with a letter) and
 * must not be one that attackers try first; the second part is enforced here only, never shown.
 */
export const isAcceptableNewPassword = (password: string): boolean => isAcceptablePassword(password) && !isCommonPassword(password);
