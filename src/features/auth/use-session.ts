import { useSyncExternalStore } from 'react';
import { getSessionState, type SessionState, subscribeSession } from '#data/session.ts';

/** The current session, re-rendering on sign-in, sign-out and changes made in other tabs. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}
