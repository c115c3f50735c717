import type { Table } from 'dexie';
import { ApiError, apiFetch, SessionExpiredError } from '../api-client.ts';
import { db, readOwner } from '../db.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { dropWritesOf } from './outbox.ts';
import {
  type EntryFailure,
  OUTBOX_SCHEMA_VERSION,
  type OutboxEntry,
  RETRIED_REASONS,
} from './outbox-entry.ts';
import { reportDeferred, reportOutcome, reportUnreachable } from './sync-events.ts';
import { namesTemporaryId } from './temporary-ids.ts';
import { handlerOf, sendOrderOf, type WriteHandler } from './write-handler.ts';

/**
 * Sends the outbox (ARCHITECTURE.md section 4). One replayer at a time across tabs (Web Lock
 * 'vintry-outbox'); within a resource, entries go in seq order and each waits for the one
 * before it; resources do not wait for each other.
 * - Acknowledged: the server's answer is stored and the entry removed.
 * - Network error, 5xx, 429: kept, tried again after a capped exponential backoff with jitter
 *   (or the server's Retry-After).
 * - 401 with a refused refresh: the queue pauses with every entry kept, until the user signs in.
 * - Any other 4xx: the change is reverted and the entry waits for the user (needs-attention),
 *   with the reason (refused, conflict) and the server's message.
 * - An entry of a kind or format this version does not know is set aside as outdated.
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

const OUTDATED: EntryFailure = { reason: 'outdated', status: null, message: null };

/**
 * Why an attempt failed. A 409 with Retry-After is the server still running an earlier attempt
 * of this same entry. A 401 here came after a successful refresh (a refused one ends the
 * session): the new token expired at once, which the next attempt's refresh mends. Neither is
 * the change's fault, so both are tried again.
 */
function failureOf(error: unknown): EntryFailure {
  if (error instanceof SessionExpiredError) {
    return { reason: 'session-expired', status: 401, message: null };
  }
  if (!(error instanceof ApiError)) return { reason: 'network', status: null, message: null };
  const { status } = error;
  const message = error.serverMessage ?? null;
  if (status === 429) return { reason: 'rate-limited', status, message };
  if (status >= 500 || status === 408) return { reason: 'server', status, message };
  if (status === 401) return { reason: 'session-expired', status, message };
  if (status === 409) {
    return error.retryAfterSeconds !== null
      ? { reason: 'server', status, message }
      : { reason: 'conflict', status, message };
  }
  return { reason: 'refused', status, message };
}

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

/**
 * For each send order, the entries that may be sent now, in order: from its first one, up to the
 * first that must wait (refused and waiting for the user, backing off, or naming a record whose
 * create has not been answered). A replay after an outage sends a thousand writes of one order
 * from one read of the outbox.
 */
async function sendable(now: number): Promise<OutboxEntry[][]> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const runs = new Map<string, OutboxEntry[]>();
  const blocked = new Set<string>();
  for (const entry of entries) {
    const order = sendOrderOf(entry);
    if (blocked.has(order)) continue;
    const ready =
      entry.state !== 'needs-attention' &&
      entry.nextAttemptAt <= now &&
      // A write naming a record created offline (to change it, or to copy it) waits until the
      // create gave it the server's id.
      !namesTemporaryId(entry.path);
    if (!ready) {
      blocked.add(order);
      continue;
    }
    runs.set(order, [...(runs.get(order) ?? []), entry]);
  }
  return [...runs.values()];
}

async function setAside(entry: OutboxEntry, failure: EntryFailure) {
  await db.outbox.update(entry.seq as number, { state: 'needs-attention', failure });
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

/** `owner`: whose device it was when this pass began. */
/**
 * Sends one entry. 'sent': acknowledged, the next of its order may follow; 'held': it stays
 * (set aside, backing off, or changed since it was read), so its order waits for a new read;
 * 'stop': nothing more is sent in this pass.
 */
async function processEntry(
  read: OutboxEntry,
  owner: string | undefined,
): Promise<'sent' | 'held' | 'stop'> {
  const handler = handlerOf(read);
  if (read.schemaVersion !== OUTBOX_SCHEMA_VERSION || !handler) {
    await setAside(read, OUTDATED);
    return 'held';
  }
  const entry = await claim(read);
  if (!entry) return 'held';
  let answer: unknown;
  try {
    answer = await send(entry);
  } catch (error) {
    const failure = failureOf(error);
    if (error instanceof SessionExpiredError) {
      await db.outbox.update(entry.seq as number, { state: 'pending', failure });
      paused = true;
      return 'stop';
    }
    if (RETRIED_REASONS.has(failure.reason)) {
      await db.outbox.update(entry.seq as number, {
        state: 'pending',
        nextAttemptAt: Date.now() + backoffDelay(entry.attempts, retryAfter(error)),
        failure,
      });
      reportDeferred(entry);
      if (failure.reason === 'network') reportUnreachable();
      return 'held';
    }
    const refusal = { status: failure.status ?? 0, body: (error as ApiError).body };
    if (handler.refusalMeansDone?.(entry, refusal)) return finish(entry, handler, null, owner);
    await handler.revert(entry);
    // Writes of a record the server never created cannot be sent either.
    if (handler.role === 'create' && entry.recordId !== undefined) {
      await dropWritesOf(entry.recordId, entry.id);
    }
    await setAside(entry, { ...failure, details: refusal.body });
    reportOutcome({ kind: 'refused', entry, ...refusal });
    return 'held';
  }
  return finish(entry, handler, answer, owner);
}

/** The server has the write: its answer is stored and the entry leaves the outbox. */
async function finish(
  entry: OutboxEntry,
  handler: WriteHandler,
  answer: unknown,
  owner: string | undefined,
): Promise<'sent' | 'stop'> {
  // Another user took the device meanwhile: this answer belongs to the previous one, whose
  // change was set aside with the rest of their queue (and is answered again from the server's
  // store when they are back).
  if ((await readOwner()) !== owner) return 'stop';
  await handler.acknowledge(entry, answer);
  await db.outbox.delete(entry.seq as number);
  reportOutcome({ kind: 'acknowledged', entry, body: answer });
  return 'sent';
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

/** How many send orders go at once: enough to keep the server busy, few enough to be kind. */
const ORDERS_AT_ONCE = 4;

async function drain() {
  const owner = await readOwner();
  for (;;) {
    if (paused) return;
    if (knownOffline()) {
      if ((await waitingEntries()).length > 0) void registerBackgroundSync();
      return;
    }
    const runs = await sendable(Date.now());
    if (runs.length === 0) break;
    let stopped = false;
    // A few send orders side by side (the writes of different products), each in its order.
    const sendRuns = async () => {
      for (let run = runs.shift(); run && !stopped; run = runs.shift()) {
        for (const entry of run) {
          if (stopped || paused || knownOffline()) return;
          const outcome = await processEntry(entry, owner);
          if (outcome === 'stop') stopped = true;
          if (outcome !== 'sent') break;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ORDERS_AT_ONCE, runs.length) }, sendRuns));
    if (stopped || paused || knownOffline()) return;
  }
  await scheduleNextAttempt();
}

const waitingEntries = () => db.outbox.where('state').equals('pending').toArray();

/**
 * What could not go now is tried again at its time from here, and the worker is asked to sync
 * when the network is back in case every tab is closed by then. Only then: a worker woken while
 * the page is sending would take turns with it for no reason.
 */
async function scheduleNextAttempt() {
  clearTimeout(timer);
  const waiting = await waitingEntries();
  if (waiting.length === 0) return;
  void registerBackgroundSync();
  const next = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
  timer = setTimeout(requestReplay, Math.max(0, next - Date.now()));
}

const OUTBOX_LOCK = 'vintry-outbox';

/**
 * Runs `work` holding the outbox lock, which every replayer (tabs and the worker) holds while it
 * sends. With `waitMs`, a holder that takes longer (a request hanging on a bad network) is not
 * waited for beyond it: the work then runs without the lock.
 */
export async function withOutboxLock<T>(work: () => Promise<T>, waitMs?: number): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  if (waitMs === undefined) return locks.request(OUTBOX_LOCK, work);
  let granted = false;
  try {
    return await locks.request(OUTBOX_LOCK, { signal: AbortSignal.timeout(waitMs) }, () => {
      granted = true;
      return work();
    });
  } catch (error) {
    if (granted) throw error;
    return work();
  }
}

/**
 * A repository's write: its local change and its outbox entry in one Dexie transaction over
 * `tables` (the outbox among them, and the ids adopted from the server), then a replay to send it.
 */
export async function queueAndSend<T>(tables: Table[], write: () => Promise<T>): Promise<T> {
  // An async scope: Dexie then keeps the transaction across the native awaits inside `write`.
  const result = await db.transaction('rw', [...tables, db.meta], async () => write());
  requestReplay();
  return result;
}

/** Starts (or, when running, repeats once more) a pass over the outbox. */
export function requestReplay(): Promise<void> {
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
