import { dictionary } from '@zxcvbn-ts/language-common';
import { isAcceptablePassword } from '../../shared/catalogue/passwords';

/** zxcvbn's 49 000 most used passwords, from real leaks. */
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** One short block repeated: 'aaaaaa', 'ababab', 'abcabcabc'. */
const repeatedBlock = /^(.{1,3})\1+$/su;

export function isCommonPassword(password: string): boolean {
  const lowered = password.normalize('NFKC').toLowerCase();
  return commonPasswords.has(lowered) || repeatedBlock.test(lowered);
}

/** Beyond the rule the console shows, refuses what attackers try first; that part is enforced here only, never shown. */
export const isAcceptableNewPassword = (password: string): boolean => isAcceptablePassword(password) && !isCommonPassword(password);
