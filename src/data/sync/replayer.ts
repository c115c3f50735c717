import type { Table } from 'dexie';
import * as v from 'valibot';
import { apiCallFailedMessage } from '#shared/auth/messages.ts';
import {
  BATCH_LIMIT,
  BATCH_PATH,
  type BatchAnswer,
  BatchAnswerSchema,
  type BatchRequest,
  batchable,
} from '#shared/sync/batch.ts';
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
import { handlerOf, ordersAwaitedBy, sendOrderOf, type WriteHandler } from './write-handler.ts';

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
/**
 * 5xx answers in a row to one entry, while the server answered others, after which it waits for
 * the user (reason 'failing'). A server that is down fails everything and is simply retried.
 */
export const SERVER_ERRORS_BEFORE_SETTING_ASIDE = 4;
/** When the server last answered a write without failing (2xx or a refusal). */
let answeredWellAt = 0;

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

/** What became of one sent entry: the server's answer, or why there is none. */
type Result = { ok: true; answer: unknown } | { ok: false; error: unknown };

/**
 * Sends several entries (of different send orders) in one POST /batch. Each answer is read as
 * its request's own would have been; a failure of the batch itself is every entry's.
 */
async function sendBatch(entries: OutboxEntry[]): Promise<Result[]> {
  const request: BatchRequest = {
    writes: entries.map((entry) => ({
      method: entry.method as BatchRequest['writes'][number]['method'],
      path: entry.path,
      idempotency_key: entry.idempotencyKey,
      ...(entry.body !== null && entry.body !== undefined ? { body: entry.body } : {}),
    })),
  };
  let answers: BatchAnswer['answers'];
  try {
    const response = await apiFetch(BATCH_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    answers = v.parse(BatchAnswerSchema, await response.json()).answers;
  } catch (error) {
    return entries.map(() => ({ ok: false, error }));
  }
  return entries.map((_entry, index) => {
    const answer = answers[index];
    if (!answer) return { ok: false, error: new Error('The batch answered fewer writes') };
    if (answer.status < 300) return { ok: true, answer: answer.body };
    return {
      ok: false,
      error: new ApiError(
        apiCallFailedMessage(answer.status, ''),
        answer.status,
        '',
        answer.body,
        answer.retry_after ?? null,
      ),
    };
  });
}

/** Whether an entry may go in a batch: its path is a queued write's, and it has a known method. */
const inBatch = (entry: OutboxEntry) =>
  batchable(entry.path) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(entry.method);

/**
 * For each send order, the entries that may be sent now, in order: from its first one, up to the
 * first that must wait (refused and waiting for the user, backing off, naming a record whose
 * create has not been answered, or needing another record's earlier writes). A replay after an
 * outage sends a thousand writes of one order from one read of the outbox.
 */
async function sendable(now: number): Promise<OutboxEntry[][]> {
  const entries = await db.outbox.orderBy('seq').toArray();
  const runs = new Map<string, OutboxEntry[]>();
  const blocked = new Set<string>();
  // The send orders with a write made before the entry at hand.
  const earlier = new Set<string>();
  for (const entry of entries) {
    const order = sendOrderOf(entry);
    const waiting = ordersAwaitedBy(entry).some((other) => earlier.has(other));
    earlier.add(order);
    if (blocked.has(order)) continue;
    const ready =
      entry.state !== 'needs-attention' &&
      entry.nextAttemptAt <= now &&
      // A write naming a record created offline (to change it, or to copy it) waits until the
      // create gave it the server's id.
      !namesTemporaryId(entry.path) &&
      // So does one needing another record's earlier writes on the server first.
      !waiting;
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
 * Marks entries as being sent, atomically with the writes that coalesce: one merged into a new
 * entry after the replayer read it is not sent (its replacement is), and one claimed here is no
 * longer merged into. Answers the stored entries; those gone or changed since are left out.
 */
function claim(reads: OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const stored = await db.outbox.bulkGet(reads.map((read) => read.seq as number));
    const claimed = stored.flatMap((entry, index) =>
      entry && entry.id === reads[index]?.id
        ? [{ ...entry, state: 'sending' as const, attempts: entry.attempts + 1 }]
        : [],
    );
    await db.outbox.bulkPut(claimed);
    return claimed;
  });
}

/**
 * What the outbox does with a sent entry's result. 'done': acknowledge it with `answer`;
 * 'held': it stays (set aside or backing off), so its order waits for a new read; 'stop':
 * nothing more is sent in this pass.
 */
type Verdict = { kind: 'done'; answer: unknown } | { kind: 'held' } | { kind: 'stop' };

const isServerError = (failure: EntryFailure | null) =>
  failure?.reason === 'server' && (failure.status ?? 0) >= 500;

/** A result that shows the server at work: an answer, or a refusal of the change itself. */
const answeredWell = (result: Result) =>
  result.ok ||
  (result.error instanceof ApiError && result.error.status >= 400 && result.error.status < 500);

/**
 * A 5xx answer to an entry, counted with the ones before it. Past the limit, and when the
 * server answered other writes since this entry's first 5xx, the entry is failing.
 */
function withServerError(entry: OutboxEntry, failure: EntryFailure): EntryFailure {
  const before = isServerError(entry.failure) ? entry.failure?.serverErrors : undefined;
  const serverErrors = { count: (before?.count ?? 0) + 1, since: before?.since ?? Date.now() };
  const failing =
    serverErrors.count >= SERVER_ERRORS_BEFORE_SETTING_ASIDE && answeredWellAt > serverErrors.since;
  return { ...failure, ...(failing ? { reason: 'failing' } : {}), serverErrors };
}

async function judge(entry: OutboxEntry, handler: WriteHandler, result: Result): Promise<Verdict> {
  if (answeredWell(result)) answeredWellAt = Date.now();
  if (result.ok) return { kind: 'done', answer: result.answer };
  const { error } = result;
  let failure = failureOf(error);
  if (isServerError(failure)) failure = withServerError(entry, failure);
  if (error instanceof SessionExpiredError) {
    // Set aside with every other write when the person was disabled; otherwise kept for their
    // next session.
    if (!error.holdsWrites)
      await db.outbox.update(entry.seq as number, { state: 'pending', failure });
    paused = true;
    return { kind: 'stop' };
  }
  if (RETRIED_REASONS.has(failure.reason)) {
    await db.outbox.update(entry.seq as number, {
      state: 'pending',
      nextAttemptAt: Date.now() + backoffDelay(entry.attempts, retryAfter(error)),
      failure,
    });
    reportDeferred(entry);
    if (failure.reason === 'network') reportUnreachable();
    return { kind: 'held' };
  }
  const refusal = { status: failure.status ?? 0, body: (error as ApiError).body };
  if (handler.refusalMeansDone?.(entry, refusal)) return { kind: 'done', answer: null };
  await handler.revert(entry);
  // Writes of a record the server never created cannot be sent either.
  if (handler.role === 'create' && entry.recordId !== undefined) {
    await dropWritesOf(entry.recordId, entry.id);
  }
  await setAside(entry, { ...failure, details: refusal.body });
  reportOutcome({ kind: 'refused', entry, ...refusal });
  return { kind: 'held' };
}

/** An entry the server has, with its answer. */
interface Acknowledged {
  entry: OutboxEntry;
  handler: WriteHandler;
  answer: unknown;
}

/**
 * The server has these writes: their answers are stored (each handler's at once, when it can)
 * and the entries leave the outbox. `owner`: whose device it was when this pass began.
 */
async function finish(done: Acknowledged[], owner: string | undefined): Promise<boolean> {
  if (done.length === 0) return true;
  // Another user took the device meanwhile: these answers belong to the previous one, whose
  // changes were set aside with the rest of their queue (and are answered again from the
  // server's store when they are back).
  if ((await readOwner()) !== owner) return false;
  const byHandler = new Map<WriteHandler, Acknowledged[]>();
  for (const item of done) {
    const items = byHandler.get(item.handler);
    if (items) items.push(item);
    else byHandler.set(item.handler, [item]);
  }
  for (const [handler, items] of byHandler) {
    if (handler.acknowledgeAll && items.length > 1) await handler.acknowledgeAll(items);
    else for (const { entry, answer } of items) await handler.acknowledge(entry, answer);
  }
  await db.outbox.bulkDelete(done.map(({ entry }) => entry.seq as number));
  for (const { entry, answer } of done) {
    reportOutcome({ kind: 'acknowledged', entry, body: answer });
  }
  return true;
}

/** Sets aside entries this version cannot send; answers the handlers of the others. */
async function sendableWithHandlers(reads: OutboxEntry[]) {
  const known: { read: OutboxEntry; handler: WriteHandler }[] = [];
  for (const read of reads) {
    const handler = handlerOf(read);
    if (read.schemaVersion !== OUTBOX_SCHEMA_VERSION || !handler) await setAside(read, OUTDATED);
    else known.push({ read, handler });
  }
  return known;
}

/**
 * Sends one entry: 'sent' when acknowledged, so the next of its order may follow; 'held' when
 * it stays (or changed since it was read), so its order waits for a new read; 'stop'.
 */
async function processEntry(
  read: OutboxEntry,
  owner: string | undefined,
): Promise<'sent' | 'held' | 'stop'> {
  const [known] = await sendableWithHandlers([read]);
  if (!known) return 'held';
  const [entry] = await claim([read]);
  if (!entry) return 'held';
  let result: Result;
  try {
    result = { ok: true, answer: await send(entry) };
  } catch (error) {
    result = { ok: false, error };
  }
  const verdict = await judge(entry, known.handler, result);
  if (verdict.kind !== 'done') return verdict.kind;
  const finished = await finish([{ entry, handler: known.handler, answer: verdict.answer }], owner);
  return finished ? 'sent' : 'stop';
}

interface SentBatch {
  entries: OutboxEntry[];
  handlers: Map<string, WriteHandler>;
  results: Result[];
}

async function startBatch(reads: OutboxEntry[]): Promise<SentBatch> {
  const known = await sendableWithHandlers(reads);
  const handlers = new Map(known.map(({ read, handler }) => [read.id, handler]));
  const entries = await claim(known.map(({ read }) => read));
  return { entries, handlers, results: entries.length > 0 ? await sendBatch(entries) : [] };
}

/** Judges and stores a batch's answers; false when nothing more may be sent in this pass. */
async function settleBatch({ entries, handlers, results }: SentBatch, owner: string | undefined) {
  // The others' answers count for an entry failing in the same batch, whatever its place.
  if (results.some(answeredWell)) answeredWellAt = Date.now();
  const done: Acknowledged[] = [];
  let stopped = false;
  for (const [index, entry] of entries.entries()) {
    const handler = handlers.get(entry.id) as WriteHandler;
    const verdict = await judge(entry, handler, results[index] as Result);
    if (verdict.kind === 'done') done.push({ entry, handler, answer: verdict.answer });
    if (verdict.kind === 'stop') stopped = true;
  }
  return (await finish(done, owner)) && !stopped;
}

/**
 * Sends the first entry of each of many send orders (the writes of many products after an
 * outage) in batches: a thousand round trips become ten. The next batch is on its way while
 * this device stores the answers to the last. Later entries of an order follow in the next
 * pass, after the one before them is answered, as when sent one by one.
 */
async function processBatches(heads: OutboxEntry[], owner: string | undefined) {
  const groups: OutboxEntry[][] = [];
  for (let at = 0; at < heads.length; at += BATCH_LIMIT) {
    groups.push(heads.slice(at, at + BATCH_LIMIT));
  }
  let stopped = false;
  const startNext = (index: number) => {
    const group = groups[index];
    return group && !stopped && !paused && !knownOffline() ? startBatch(group) : null;
  };
  let next = startNext(0);
  for (let index = 1; next; index += 1) {
    const sent = await next;
    next = startNext(index);
    if (!(await settleBatch(sent, owner))) stopped = true;
  }
  return stopped ? 'stop' : 'sent';
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
    const heads = runs.flatMap((run) => run.slice(0, 1));
    if (heads.length > 1 && heads.every(inBatch)) {
      if ((await processBatches(heads, owner)) === 'stop') return;
      continue;
    }
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

/**
 * On a page, sending starts once the frame that shows the change is painted: a scan's line or a
 * sale's receipt is on screen before the replay's reads and writes of IndexedDB (and the screens
 * following them) take the page's thread. (Resolved in the frame's callback, the sending itself
 * begins after the paint: it first waits for the outbox lock.) A worker has no frames, and a
 * hidden page paints none: they start at once.
 */
function afterNextPaint(): Promise<void> {
  // The worker's build has no DOM types: the page's document as far as this needs it.
  const page = (globalThis as { document?: PageDocument }).document;
  if (typeof requestAnimationFrame !== 'function' || page?.visibilityState !== 'visible') {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const painted = () => {
      page.removeEventListener('visibilitychange', painted);
      resolve();
    };
    requestAnimationFrame(painted);
    // Hidden before the frame came: it would never come.
    page.addEventListener('visibilitychange', painted);
  });
}

interface PageDocument {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Starts (or, when running, repeats once more) a pass over the outbox. */
export function requestReplay(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    await afterNextPaint();
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
