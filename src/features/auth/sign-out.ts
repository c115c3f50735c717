import { requestLogout } from '#data/auth-api.ts';
import { handOverDevice } from '#data/device-owner.ts';
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
  await handOverDevice(null).catch(() => {});
  await clearSession();
}
