import { readMirror, updateMirroredTokens } from './session-mirror.ts';
import { onServerUnreachable, onSyncOutcome, type SyncOutcome } from './sync/sync-events.ts';
import { installTokenStore } from './token-store.ts';

/**
 * The service worker's side of the session: tokens come from the IndexedDB mirror; tokens it
 * renews go back to the mirror first and then to every open page, which keeps them in
 * localStorage. What happened to queued changes is told to the pages too, for their notices.
 */
export type WorkerMessage =
  | { type: 'vintry:tokens'; accessToken: string; refreshToken: string | undefined }
  | { type: 'vintry:session-ended' }
  /** The worker, sending the outbox, could not reach the server. */
  | { type: 'vintry:unreachable' }
  | {
      type: 'vintry:sync-outcome';
      outcome: Pick<SyncOutcome, 'kind'> & {
        entry: SyncOutcome['entry'];
        status?: number;
        body?: unknown;
      };
    };

interface ClientsLike {
  matchAll: (options?: {
    includeUncontrolled?: boolean;
    type?: 'window';
  }) => Promise<readonly { postMessage: (message: unknown) => void }[]>;
}

export function installWorkerSession(clients: ClientsLike) {
  const tell = async (message: WorkerMessage) => {
    for (const client of await clients.matchAll({ includeUncontrolled: true, type: 'window' })) {
      client.postMessage(message);
    }
  };
  installTokenStore({
    current: async () => {
      const mirror = await readMirror();
      return {
        accessToken: mirror?.accessToken ?? null,
        refreshToken: mirror?.refreshToken ?? null,
      };
    },
    latest: async () => {
      const mirror = await readMirror();
      return {
        accessToken: mirror?.accessToken ?? null,
        refreshToken: mirror?.refreshToken ?? null,
      };
    },
    renewed: async (accessToken, refreshToken) => {
      await updateMirroredTokens(accessToken, refreshToken);
      await tell({ type: 'vintry:tokens', accessToken, refreshToken });
    },
    // The pages sign the user out when they next need the server; the worker keeps the queue.
    ended: async () => tell({ type: 'vintry:session-ended' }),
  });
  // A page may still believe the server is there while the worker finds it gone.
  onServerUnreachable(() => void tell({ type: 'vintry:unreachable' }));
  onSyncOutcome((outcome) => {
    void tell({
      type: 'vintry:sync-outcome',
      outcome: {
        kind: outcome.kind,
        entry: outcome.entry,
        ...(outcome.kind === 'refused' ? { status: outcome.status, body: outcome.body } : {}),
        ...(outcome.kind === 'acknowledged' ? { body: outcome.body } : {}),
      },
    });
  });
}
