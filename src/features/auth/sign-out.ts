import { requestLogout } from '#data/auth-api.ts';
import { clearSession, readTokens } from '#data/session.ts';

/**
 * Sign Out: the server is told to revoke the refresh token's family (best effort: an offline
 * sign-out still signs out on this device), then the device is handed over to no one:
 * everything this user left goes, except their unsent changes, kept aside for their next
 * sign-in here; then the session ends.
 */
export async function signOut() {
  const { refreshToken } = readTokens();
  if (refreshToken) requestLogout(refreshToken).catch(() => {});
  await import('#data/device-owner.ts')
    .then(({ handOverDevice }) => handOverDevice(null))
    .catch(() => {});
  await clearSession();
}
