import { requestLogout } from '#data/auth-api.ts';
import { clearLocalData } from '#data/db.ts';
import { clearSession, readTokens } from '#data/session.ts';

/**
 * Sign Out: the session and the local copy of the data are cleared at once; the server is told to revoke the refresh token's
 * family on a best-effort basis (an offline sign-out still signs out on this device).
 */
export function signOut() {
  const { refreshToken } = readTokens();
  clearSession();
  // The next person on a shared tablet must not see this business's data.
  clearLocalData().catch(() => {});
  if (refreshToken) requestLogout(refreshToken).catch(() => {});
}
