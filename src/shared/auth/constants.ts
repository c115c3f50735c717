/** Authentication constants of spec section 9 that both sides need. */

/** localStorage keys of the session (spec sections 3 and 9). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

/** Redirect to sign-in after a successful reset. */
export const RESET_REDIRECT_MS = 2000;
