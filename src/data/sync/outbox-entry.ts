/**
 * An outbox entry (ARCHITECTURE.md section 4): one write waiting for the server. It never holds
 * a token; the token is attached when it is sent. The engine reads only these generic fields;
 * what `op` means is the business of the write handler registered under that name.
 */
export type OutboxState = 'pending' | 'sending' | 'needs-attention';

/**
 * Why an entry has not gone through yet. The first four are retried by the engine; the others
 * wait for the user (Retry or Discard in Pending changes).
 */
export type FailureReason =
  /** The server could not be reached. */
  | 'network'
  /** The server failed (5xx), timed out, or was still running an earlier attempt. */
  | 'server'
  /** The server asked to slow down (429). */
  | 'rate-limited'
  /** The session ended: the queue waits for the user to sign in again. */
  | 'session-expired'
  /** The server refused the change (400, 403, 404, 422…). */
  | 'refused'
  /** The change clashes with the server's current state (409). */
  | 'conflict'
  /**
   * The server failed (5xx) on this change time after time while it saved others: something in
   * the change itself trips it, so it waits for the user instead of holding up its send order.
   */
  | 'failing'
  /** Written by another version of Vintry, in a format this one cannot send. */
  | 'outdated';

export const RETRIED_REASONS: ReadonlySet<FailureReason> = new Set([
  'network',
  'server',
  'rate-limited',
  'session-expired',
]);

export interface EntryFailure {
  reason: FailureReason;
  /** The HTTP status of the answer, when the server gave one. */
  status: number | null;
  /** The server's own message, when it sent one. */
  message: string | null;
  /** The refusal's whole answer, for a handler that offers ways out of it (a conflict). */
  details?: unknown;
  /** For 5xx answers: how many in a row this entry got, and since when. */
  serverErrors?: { count: number; since: number };
}

/** The version of this entry format; an entry of another version is never replayed blind. */
export const OUTBOX_SCHEMA_VERSION = 2;

export interface OutboxEntry<TBody = unknown, TRevert = unknown> {
  seq?: number;
  id: string;
  /** Whose data the write changes; coalescing and 'unsent' are per resource. */
  resource: string;
  /** The name of the write handler that knows this kind of write. */
  op: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: TBody;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  state: OutboxState;
  /** Why the last attempt did not go through; null before the first and after a Retry. */
  failure: EntryFailure | null;
  /** Not before this time (backoff after a failure). */
  nextAttemptAt: number;
  schemaVersion: number;
  /** What restores the local state if the server refuses the write. */
  revert: TRevert;
  /** For an entry about one record: its id, temporary (made offline) or the server's. */
  recordId?: number | string;
}

/** An entry as version 1 stored it: a status (0 for 'outdated') and a text instead of a reason. */
interface EntryV1 extends Omit<OutboxEntry, 'failure' | 'schemaVersion'> {
  schemaVersion: 1;
  lastStatus: number | null;
  lastError: string | null;
}

const isV1 = (entry: { schemaVersion?: unknown }): entry is EntryV1 => entry.schemaVersion === 1;

/**
 * Brings a stored entry of an earlier format to this one (Dexie runs it once, when the database
 * is opened by a newer version). An entry it does not know is left as it is: the replayer then
 * sets it aside as outdated.
 */
export function upgradeEntry(stored: { schemaVersion?: unknown }): OutboxEntry | null {
  if (!isV1(stored)) return null;
  const { lastStatus, lastError, ...rest } = stored;
  let failure: EntryFailure | null = null;
  if (stored.state === 'needs-attention') {
    const reason: FailureReason =
      lastStatus === 0 || lastStatus === null
        ? 'outdated'
        : lastStatus === 409
          ? 'conflict'
          : 'refused';
    failure = { reason, status: lastStatus || null, message: lastError };
  } else if (stored.attempts > 0 && lastError !== null) {
    failure = { reason: 'network', status: null, message: null };
  }
  return { ...rest, state: stored.state, failure, schemaVersion: OUTBOX_SCHEMA_VERSION };
}
