import { SIGN_IN_PATH } from '../../providers/authProvider';

/** The signed-out screens' addresses besides /auth (SIGN_IN_PATH); the reset link of the e-mail points at RESET_PATH. */
export const FORGOT_PATH = '/auth/forgot';
export const RESET_PATH = '/auth/reset';
/** The older address of the reset screen, redirected with its query. */
export const OLD_RESET_PATH = '/auth/reset-password';

/** Every signed-out screen's address: AuthScreens draws one screen for each, isAuthScreen tells them from the console's. */
export const AUTH_PATHS = [SIGN_IN_PATH, FORGOT_PATH, RESET_PATH, OLD_RESET_PATH] as const;
export type AuthPath = (typeof AUTH_PATHS)[number];

export const ACCOUNT_PATH = '/account';
/** Where an admin who must enrol a second factor lands, whatever the address: the account page's Security tab. */
export const ENROL_PATH = `${ACCOUNT_PATH}#security`;
