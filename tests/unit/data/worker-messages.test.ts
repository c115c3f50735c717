import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConnectionForTests, serverReachable } from '#data/connection.ts';
import type { OutboxEntry } from '#data/sync/outbox-entry.ts';
import {
  observeSyncOutcomes,
  reportOutcome,
  type SyncOutcome,
  waitForOutcome,
} from '#data/sync/sync-events.ts';
import { listenToWorker } from '#data/sync/worker-messages.ts';
import { installWorkerSession, type WorkerMessage } from '#data/worker-session.ts';

const entry: OutboxEntry = {
  seq: 7,
  id: 'entry-7',
  resource: 'column-preferences:products',
  op: 'columns.visibility',
  method: 'PUT',
  path: '/api/v1/preferences/columns/products',
  body: { preferences: [] },
  idempotencyKey: 'key-7',
  createdAt: 1,
  attempts: 0,
  state: 'sending',
  failure: null,
  nextAttemptAt: 0,
  schemaVersion: 2,
  revert: null,
};

/**
 * The worker's sync event can take the outbox lock before the page and send what the page just
 * queued. The page must then hear the answer as if it had sent the change itself.
 */
describe('what the service worker sent, told to the page', () => {
  const worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  const fromWorker = (message: WorkerMessage) =>
    worker.dispatchEvent(new MessageEvent('message', { data: message }));
  let stopListening = () => {};
  afterEach(() => stopListening());

  it('an acknowledgement reaches the saving indicators and the form waiting for that change', async () => {
    stopListening = listenToWorker();
    const seen: SyncOutcome[] = [];
    const stopObserving = observeSyncOutcomes((outcome) => seen.push(outcome));
    const waiting = waitForOutcome(entry, 10_000);

    const body = { preferences: [{ column_key: 'product' }] };
    fromWorker({ type: 'vintry:sync-outcome', outcome: { kind: 'acknowledged', entry, body } });

    expect(seen).toEqual([{ kind: 'acknowledged', entry, body }]);
    await expect(waiting).resolves.toEqual({ kind: 'acknowledged', entry, body });
    stopObserving();
  });

  it('the worker finding the server unreachable makes the page say it is offline', () => {
    stopListening = listenToWorker();
    expect(serverReachable()).toBe(true);
    fromWorker({ type: 'vintry:unreachable' });
    expect(serverReachable()).toBe(false);
    resetConnectionForTests();
  });

  it('a refusal keeps its status and body', () => {
    stopListening = listenToWorker();
    const seen: SyncOutcome[] = [];
    const stopObserving = observeSyncOutcomes((outcome) => seen.push(outcome));
    const body = { message: 'Invalid column key' };
    fromWorker({
      type: 'vintry:sync-outcome',
      outcome: { kind: 'refused', entry, status: 400, body },
    });
    expect(seen).toEqual([{ kind: 'refused', entry, status: 400, body }]);
    stopObserving();
  });
});

describe('the service worker tells its pages', () => {
  it('the answer to a change it sent, with the body of an acknowledgement', async () => {
    const posted: unknown[] = [];
    installWorkerSession({
      matchAll: async () => [{ postMessage: (message: unknown) => posted.push(message) }],
    });
    const body = { id: 12, version: 3 };
    reportOutcome({ kind: 'acknowledged', entry, body });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      type: 'vintry:sync-outcome',
      outcome: { kind: 'acknowledged', entry, body },
    });
  });
});
