/** The signed-out screens' addresses besides /auth (SIGN_IN_PATH); the reset link of the e-mail points at RESET_PATH. */
export const FORGOT_PATH = '/auth/forgot';
export const RESET_PATH = '/auth/reset';
/** The older address of the reset screen, redirected with its query. */
export const OLD_RESET_PATH = '/auth/reset-password';
