import { requestLogout } from '#data/auth-api.ts';
import { clearSession, readTokens } from '#data/session.ts';

/**
 * Sign Out: the session is cleared at once; the server is told to revoke the refresh token's
 * family on a best-effort basis (an offline sign-out still signs out on this device).
 */
export function signOut() {
  const { refreshToken } = readTokens();
  clearSession();
  if (refreshToken) requestLogout(refreshToken).catch(() => {});
}
