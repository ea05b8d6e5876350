/** The password hint and the rule the server enforces (≥ 6 characters, at least one letter). */
export const PASSWORD_HINT = 'Format : minimum 6 caractères, au moins une lettre';
export const PASSWORD_MIN_LENGTH = 6;

export const isAcceptablePassword = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password);
