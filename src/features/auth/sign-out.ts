import { clearApiCache } from '#data/api-cache.ts';
import { requestLogout } from '#data/auth-api.ts';
import { clearLocalData } from '#data/db.ts';
import { clearSession, readTokens } from '#data/session.ts';
import { stopReplay } from '#data/sync/replayer.ts';

/**
 * Sign Out: the server is told to revoke the refresh token's family (best effort: an offline
 * sign-out still signs out on this device), then everything this user left on the device goes:
 * the local data, unsent changes included (the screen asked first), the cached API answers, and
 * the session.
 */
export async function signOut() {
  const { refreshToken } = readTokens();
  if (refreshToken) requestLogout(refreshToken).catch(() => {});
  stopReplay();
  await Promise.all([clearLocalData().catch(() => {}), clearApiCache().catch(() => {})]);
  await clearSession();
}
