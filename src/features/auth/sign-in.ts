import { saveSession, userKey } from '#data/session.ts';
import type { LoginResult } from '#shared/auth/schemas.ts';
import { plural } from '#shared/words.ts';
import { showToast } from '#ui/toast.tsx';

/** Changes this user made here before someone else signed in, queued again now. */
function restoredChangesMessage(count: number): string {
  return `Welcome back. ${plural(count, 'change')} you made earlier on this device ${
    count === 1 ? 'was' : 'were'
  } kept and ${count === 1 ? 'is' : 'are'} being sent now.`;
}

/**
 * Starts the session a sign-in answered (the login form, an accepted invitation): what someone
 * else left on this device goes first, then the session is stored.
 */
export async function startSession(result: LoginResult, email: string) {
  const user = result.user ?? { email };
  // Loaded when needed: the sign-in screen paints without the device's database code.
  const { handOverDevice } = await import('#data/device-owner.ts');
  const { restored } = await handOverDevice(userKey(user));
  await saveSession({ accessToken: result.accessToken, refreshToken: result.refreshToken, user });
  if (restored > 0) showToast(restoredChangesMessage(restored));
}
