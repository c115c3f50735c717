import { acceptTokensFromWorker } from '../session.ts';
import type { WorkerMessage } from '../worker-session.ts';
import { reportOutcome } from './sync-events.ts';

/**
 * Listens to the service worker from a page: tokens it renewed go into localStorage, and what
 * happened to changes it sent is told to this page's listeners (for the notices).
 */
export function listenToWorker(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const onMessage = (event: MessageEvent) => {
    const message = event.data as WorkerMessage | null;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'vintry:tokens') {
      acceptTokensFromWorker(message.accessToken, message.refreshToken);
    } else if (message.type === 'vintry:sync-outcome' && message.outcome.kind === 'refused') {
      reportOutcome({
        kind: 'refused',
        entry: message.outcome.entry,
        status: message.outcome.status ?? 0,
        body: message.outcome.body,
      });
    }
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
