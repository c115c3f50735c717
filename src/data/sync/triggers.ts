import { getSessionState, subscribeSession } from '../session.ts';
import { requestReplay, resumeReplay } from './replayer.ts';

/**
 * When the outbox is sent from a page: at start, when the browser comes back online, when the
 * page becomes visible again, and (in the replayer) when a backoff ends. Signing in again
 * resumes a queue paused by an expired session.
 */
export function startSyncTriggers(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestReplay();
  };
  window.addEventListener('online', requestReplay);
  document.addEventListener('visibilitychange', onVisible);
  let wasSignedIn = getSessionState().status === 'authenticated';
  const unsubscribe = subscribeSession(() => {
    const signedIn = getSessionState().status === 'authenticated';
    if (signedIn && !wasSignedIn) resumeReplay();
    wasSignedIn = signedIn;
  });
  if (wasSignedIn) requestReplay();
  return () => {
    window.removeEventListener('online', requestReplay);
    document.removeEventListener('visibilitychange', onVisible);
    unsubscribe();
  };
}
