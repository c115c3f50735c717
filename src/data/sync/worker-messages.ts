import { noteUnreachableElsewhere } from '../connection.ts';
import { acceptTokensFromWorker } from '../session.ts';
import type { WorkerMessage } from '../worker-session.ts';
import { reportOutcome } from './sync-events.ts';

/**
 * Listens to the service worker from a page: tokens it renewed go into localStorage, and what
 * happened to changes it sent is told to this page as if the page had sent them: a refusal to
 * its notices, an acknowledgement to its saving indicators and to a form waiting for that change
 * (the worker's sync event can take the outbox lock before the page does).
 */
export function listenToWorker(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const onMessage = (event: MessageEvent) => {
    const message = event.data as WorkerMessage | null;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'vintry:tokens') {
      acceptTokensFromWorker(message.accessToken, message.refreshToken);
    } else if (message.type === 'vintry:unreachable') {
      noteUnreachableElsewhere();
    } else if (message.type === 'vintry:sync-outcome') {
      const { kind, entry, status, body } = message.outcome;
      if (kind === 'refused') reportOutcome({ kind, entry, status: status ?? 0, body });
      else if (kind === 'acknowledged') reportOutcome({ kind, entry, body });
    }
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
