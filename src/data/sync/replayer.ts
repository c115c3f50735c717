import { ApiError, apiFetch, SessionExpiredError } from '../api-client.ts';
import { db } from '../db.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { OUTBOX_SCHEMA_VERSION, type OutboxEntry, sendOrder } from './outbox-entry.ts';
import { applyAcknowledgement, applyRefusal } from './outcomes.ts';
import { reportDeferred, reportOutcome } from './sync-events.ts';

/**
 * Sends the outbox (ARCHITECTURE.md section 4). One replayer at a time across tabs (Web Lock
 * 'vintry-outbox'); within a resource, entries go in seq order and each waits for the one
 * before it; resources do not wait for each other.
 * - Acknowledged: the server's answer is stored and the entry removed.
 * - Network error, 5xx, 429: kept, tried again after a capped exponential backoff with jitter
 *   (or the server's Retry-After).
 * - 401 with a refused refresh: the queue pauses with every entry kept, until the user signs in.
 * - Any other 4xx: the change is reverted and the entry waits for the user (needs-attention).
 */
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;

let running: Promise<void> | null = null;
let again = false;
let paused = false;
let timer: ReturnType<typeof setTimeout> | undefined;

export function isReplayPaused() {
  return paused;
}

/**
 * Sign-out: the timer of the next attempt goes and a pause ends, as when the page closes. The
 * next user's queue starts fresh.
 */
export function stopReplay() {
  clearTimeout(timer);
  timer = undefined;
  paused = false;
}

/** After the user signs in again, the queue goes on. */
export function resumeReplay() {
  paused = false;
  requestReplay();
}

export function backoffDelay(
  attempts: number,
  retryAfterSeconds: number | null,
  random = Math.random,
) {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}

const retryAfter = (error: unknown) => (error instanceof ApiError ? error.retryAfterSeconds : null);

/**
 * A 409 with Retry-After is the server still running an earlier attempt of this same entry. A
 * 401 here came after a successful refresh (a refused one pauses the queue): the new token
 * expired at once, which the next attempt's refresh mends. Neither is the change's fault.
 */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status >= 500 ||
  error.status === 429 ||
  error.status === 408 ||
  error.status === 401 ||
  (error.status === 409 && error.retryAfterSeconds !== null);

async function send(entry: OutboxEntry): Promise<unknown> {
  const init: RequestInit = {
    method: entry.method,
    headers: { 'Idempotency-Key': entry.idempotencyKey },
  };
  if (entry.body !== null && entry.body !== undefined) init.body = JSON.stringify(entry.body);
  const response = await apiFetch(entry.path, init);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The next entry of each send order, when it may be sent now. */
async function sendable(now: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const heads = new Map<string, OutboxEntry>();
  for (const entry of entries) {
    const order = sendOrder(entry.resource);
    if (!heads.has(order)) heads.set(order, entry);
  }
  return [...heads.values()].filter((entry) => {
    if (entry.state === 'needs-attention' || entry.nextAttemptAt > now) return false;
    // A write of a field created offline waits until the create gave it the server's id.
    const waitsForCreate =
      entry.op !== 'custom-field.create' && String(entry.recordId ?? '').startsWith('tmp-');
    return !waitsForCreate;
  });
}

async function needsAttention(entry: OutboxEntry, status: number, message: string) {
  await db.outbox.update(entry.seq as number, {
    state: 'needs-attention',
    lastStatus: status,
    lastError: message,
  });
}

/**
 * Marks an entry as being sent, atomically with the writes that coalesce: one merged into a new
 * entry after the replayer read it is not sent (its replacement is), and one claimed here is no
 * longer merged into. Answers the stored entry, or null when it is gone.
 */
function claim(read: OutboxEntry): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(read.seq as number);
    if (!entry || entry.id !== read.id) return null;
    const claimed: OutboxEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

async function processEntry(read: OutboxEntry): Promise<'continue' | 'stop'> {
  if (read.schemaVersion !== OUTBOX_SCHEMA_VERSION) {
    await needsAttention(
      read,
      0,
      'This change was saved by an older version of Vintry and cannot be sent as it is.',
    );
    return 'continue';
  }
  const entry = await claim(read);
  if (!entry) return 'continue';
  try {
    const body = await send(entry);
    await applyAcknowledgement(entry, body);
    await db.outbox.delete(entry.seq as number);
    reportOutcome({ kind: 'acknowledged', entry, body });
    return 'continue';
  } catch (error) {
    if (error instanceof SessionExpiredError) {
      await db.outbox.update(entry.seq as number, { state: 'pending' });
      paused = true;
      return 'stop';
    }
    if (isRetryable(error)) {
      await db.outbox.update(entry.seq as number, {
        state: 'pending',
        nextAttemptAt: Date.now() + backoffDelay(entry.attempts, retryAfter(error)),
        lastError: error instanceof Error ? error.message : String(error),
      });
      reportDeferred(entry);
      return 'continue';
    }
    const apiError = error as ApiError;
    await applyRefusal(entry);
    await needsAttention(entry, apiError.status, apiError.serverMessage ?? apiError.message);
    reportOutcome({ kind: 'refused', entry, status: apiError.status, body: apiError.body });
    return 'continue';
  }
}

/**
 * The browser knows it has no network: nothing is tried, so the waiting writes stay untried and
 * keep coalescing. The `online` event (or the worker's `sync`) starts the replay again.
 */
let connectedBySync = false;
const knownOffline = () =>
  !connectedBySync && typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The worker's `sync` event: the browser fires it once it is connected, and a worker's
 * navigator.onLine can lag behind that for a moment, so this pass does not wait for it.
 */
export async function replayOnSync(): Promise<void> {
  connectedBySync = true;
  try {
    await requestReplay();
  } finally {
    connectedBySync = false;
  }
}

async function drain() {
  for (;;) {
    if (paused || knownOffline()) return;
    const batch = await sendable(Date.now());
    if (batch.length === 0) break;
    for (const entry of batch) {
      if ((await processEntry(entry)) === 'stop') return;
    }
  }
  await scheduleNextAttempt();
}

async function scheduleNextAttempt() {
  clearTimeout(timer);
  const waiting = await db.outbox.filter((entry) => entry.state === 'pending').toArray();
  if (waiting.length === 0) return;
  const next = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
  timer = setTimeout(requestReplay, Math.max(0, next - Date.now()));
}

async function withOutboxLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('vintry-outbox', work);
  else await work();
}

/**
 * Starts (or, when running, repeats once more) a pass over the outbox. From a page, the worker is
 * also asked to sync when the network is back, in case every tab is closed by then.
 */
export function requestReplay(): Promise<void> {
  void registerBackgroundSync();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await withOutboxLock(drain);
    } while (again && !paused);
  })()
    .catch((error: unknown) => console.warn('Sending queued changes failed', error))
    .finally(() => {
      running = null;
    });
  return running;
}
