import type { SessionUser } from '#shared/auth/schemas.ts';
import { db } from './db.ts';

/**
 * The IndexedDB copy of the session, so the service worker (which has no localStorage) can send
 * queued changes with the user's tokens and store the tokens it renews. Whoever renews tokens
 * writes here first; a page that finds the copy different from its localStorage takes the copy.
 */
export interface MirroredSession {
  key: 'current';
  accessToken: string;
  refreshToken: string;
  user: SessionUser | null;
}

export async function readMirror(): Promise<MirroredSession | undefined> {
  return db.session.get('current');
}

export async function writeMirror(session: Omit<MirroredSession, 'key'>) {
  await db.session.put({ key: 'current', ...session });
}

export async function updateMirroredTokens(accessToken: string, refreshToken: string | undefined) {
  await db.session.update(
    'current',
    refreshToken ? { accessToken, refreshToken } : { accessToken },
  );
}

export async function clearMirror() {
  await db.session.delete('current');
}
