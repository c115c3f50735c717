import * as v from 'valibot';
import { SESSION_KEYS } from '#shared/auth/constants.ts';
import { type SessionUser, SessionUserSchema } from '#shared/auth/schemas.ts';

/**
 * The session, kept in localStorage under the spec's keys (accessToken, refreshToken, user) so it
 * survives reloads and is shared by every tab. This module is the only reader and writer of
 * those keys; screens subscribe to its state. A change made in another tab arrives through the
 * `storage` event, so signing out in one tab signs out all of them.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** A message for the sign-in screen, e.g. why the session ended. */
  notice: string | null;
}

let state: SessionState = { status: 'loading', user: null, notice: null };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
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
  if (event.key === null || keys.includes(event.key)) loadSession();
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * Reads the stored session (spec section 4): authenticated only when both tokens are stored; any
 * failure to read clears everything stored.
 */
export function loadSession(): SessionState {
  try {
    const accessToken = localStorage.getItem(SESSION_KEYS.accessToken);
    const refreshToken = localStorage.getItem(SESSION_KEYS.refreshToken);
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

export function saveSession(session: {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
}) {
  localStorage.setItem(SESSION_KEYS.accessToken, session.accessToken);
  localStorage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  setState({ status: 'authenticated', user: session.user, notice: null });
}

/** After a refresh: the new access token, and the rotated refresh token when there is one. */
export function storeTokens(accessToken: string, refreshToken?: string) {
  localStorage.setItem(SESSION_KEYS.accessToken, accessToken);
  if (refreshToken) localStorage.setItem(SESSION_KEYS.refreshToken, refreshToken);
}

export function readTokens(): { accessToken: string | null; refreshToken: string | null } {
  try {
    return {
      accessToken: localStorage.getItem(SESSION_KEYS.accessToken),
      refreshToken: localStorage.getItem(SESSION_KEYS.refreshToken),
    };
  } catch {
    return { accessToken: null, refreshToken: null };
  }
}

/** Logout (spec section 4): removes the three keys and marks the session unauthenticated. */
export function clearSession(notice: string | null = null) {
  removeStoredSession();
  setState({ status: 'unauthenticated', user: null, notice });
}
