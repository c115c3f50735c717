import * as v from 'valibot';
import { SESSION_KEYS } from '#shared/auth/constants.ts';
import { type SessionUser, SessionUserSchema } from '#shared/auth/schemas.ts';
import { installTokenStore, type Tokens } from './token-store.ts';
import { forgetUserInMemory } from './user-memory.ts';

/**
 * The session, kept in localStorage under the spec's keys (accessToken, refreshToken, user) so it
 * survives reloads and is shared by every tab. This module is the only reader and writer of
 * those keys; screens subscribe to its state. A change made in another tab arrives through the
 * `storage` event, so signing out in one tab signs out all of them.
 *
 * The session is also mirrored in IndexedDB for the service worker. Writes go to the mirror
 * first, so when the two differ the mirror is the newer: the worker renewed the tokens. The
 * mirror's module (and IndexedDB's code with it) is loaded when first needed, so the sign-in
 * screen paints without it.
 */
const mirror = () => import('./session-mirror.ts');
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** A message for the sign-in screen, e.g. why the session ended. */
  notice: string | null;
}

let state: SessionState = { status: 'loading', user: null, notice: null };
const listeners = new Set<() => void>();

/** Who a user is on this device: their id, or their email when the login answer had no user. */
export const userKey = (user: SessionUser) => user.id ?? user.email.toLowerCase();

/** Who is signed in, or null. */
const identity = (session: SessionState) =>
  session.status !== 'authenticated' ? null : session.user ? userKey(session.user) : '';

function setState(next: SessionState) {
  const before = identity(state);
  state = next;
  // Signed out or replaced, here or in another tab: nothing of that user stays in memory.
  if (before !== null && before !== identity(next)) forgetUserInMemory();
  for (const listener of listeners) listener();
}

function removeStoredSession() {
  try {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

export function getSessionState(): SessionState {
  return state;
}

export function isAuthenticated(): boolean {
  return state.status === 'authenticated';
}

function onStorage(event: StorageEvent) {
  const keys: readonly (string | null)[] = Object.values(SESSION_KEYS);
  if (event.key === null || keys.includes(event.key)) readStoredSession();
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function readTokens(): Tokens {
  try {
    return {
      accessToken: localStorage.getItem(SESSION_KEYS.accessToken),
      refreshToken: localStorage.getItem(SESSION_KEYS.refreshToken),
    };
  } catch {
    return { accessToken: null, refreshToken: null };
  }
}

function storeTokensLocally(accessToken: string, refreshToken?: string) {
  localStorage.setItem(SESSION_KEYS.accessToken, accessToken);
  if (refreshToken) localStorage.setItem(SESSION_KEYS.refreshToken, refreshToken);
}

/**
 * Reads the stored session (spec section 4): authenticated only when both tokens are stored; any
 * failure to read clears everything stored.
 */
function readStoredSession(): SessionState {
  try {
    const { accessToken, refreshToken } = readTokens();
    const userText = localStorage.getItem(SESSION_KEYS.user);
    const user = userText ? v.parse(SessionUserSchema, JSON.parse(userText)) : null;
    if (accessToken && refreshToken) {
      setState({ status: 'authenticated', user, notice: null });
    } else {
      setState({ status: 'unauthenticated', user: null, notice: state.notice });
    }
  } catch {
    removeStoredSession();
    setState({ status: 'unauthenticated', user: null, notice: null });
  }
  return state;
}

/**
 * Loads the session at start: localStorage, brought up to date from the mirror when the service
 * worker renewed the tokens while no page was open.
 */
export async function loadSession(): Promise<SessionState> {
  const local = readStoredSession();
  // Signed out: nothing to bring up to date, and the sign-in screen paints without IndexedDB.
  // Signing out clears the mirror; one left behind (localStorage cleared alone) is overwritten
  // by the next sign-in, and until then holds only its own person's tokens.
  if (local.status !== 'authenticated') return local;
  try {
    const { readMirror, writeMirror } = await mirror();
    const stored = await readMirror();
    const { accessToken, refreshToken } = readTokens();
    if (accessToken && refreshToken) {
      if (!stored) {
        await writeMirror({ accessToken, refreshToken, user: local.user });
      } else if (stored.accessToken !== accessToken || stored.refreshToken !== refreshToken) {
        storeTokensLocally(stored.accessToken, stored.refreshToken);
      }
    }
  } catch {
    // Without IndexedDB the page still works; only the worker's replays need the mirror.
  }
  return readStoredSession();
}

export async function saveSession(session: {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}) {
  await mirror()
    .then(({ writeMirror }) => writeMirror(session))
    .catch(() => {});
  localStorage.setItem(SESSION_KEYS.accessToken, session.accessToken);
  localStorage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  setState({ status: 'authenticated', user: session.user, notice: null });
}

/** After a refresh: the new access token, and the rotated refresh token when there is one. */
export async function storeTokens(accessToken: string, refreshToken?: string) {
  await mirror()
    .then(({ updateMirroredTokens }) => updateMirroredTokens(accessToken, refreshToken))
    .catch(() => {});
  storeTokensLocally(accessToken, refreshToken);
}

/**
 * Logout (spec section 4): removes the three keys and marks the session unauthenticated. Calls
 * that find the session already ended (a refused refresh ends it once for every request that was
 * waiting) keep the notice the first one gave.
 */
export async function clearSession(notice: string | null = null) {
  await mirror()
    .then(({ clearMirror }) => clearMirror())
    .catch(() => {});
  removeStoredSession();
  const kept = state.status === 'unauthenticated' ? state.notice : null;
  setState({ status: 'unauthenticated', user: null, notice: notice ?? kept });
}

/** Tokens the service worker renewed reach this page through a message. */
export function acceptTokensFromWorker(accessToken: string, refreshToken: string | undefined) {
  storeTokensLocally(accessToken, refreshToken);
}

installTokenStore({
  current: async () => readTokens(),
  latest: async () => {
    const stored = await mirror()
      .then(({ readMirror }) => readMirror())
      .catch(() => undefined);
    return stored
      ? { accessToken: stored.accessToken, refreshToken: stored.refreshToken }
      : readTokens();
  },
  renewed: storeTokens,
  ended: clearSession,
});
