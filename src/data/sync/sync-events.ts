import type { OutboxEntry } from './outbox-entry.ts';

/**
 * What the sync engine tells the screens: an entry was acknowledged, or refused (and reverted).
 * A screen waiting for one particular entry (the custom field form) takes its outcome itself;
 * the others are reported to everyone listening (the shell shows them).
 */
export type SyncOutcome =
  | { kind: 'acknowledged'; entry: OutboxEntry; body: unknown }
  | { kind: 'refused'; entry: OutboxEntry; status: number; body: unknown }
  | { kind: 'queued'; entry: OutboxEntry };

type Listener = (outcome: SyncOutcome) => void;
const listeners = new Set<Listener>();
const observers = new Set<Listener>();
const waiters = new Map<string, (outcome: SyncOutcome) => void>();

/** Every outcome, whoever handles it (the saving indicators follow these). */
export function observeSyncOutcomes(observer: Listener): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function onSyncOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Delivers an outcome to the screen waiting for that entry, or else to every listener. */
export function reportOutcome(outcome: SyncOutcome) {
  for (const observer of observers) observer(outcome);
  const waiter = waiters.get(outcome.entry.id);
  if (waiter) {
    waiters.delete(outcome.entry.id);
    waiter(outcome);
    return;
  }
  for (const listener of listeners) listener(outcome);
}

/**
 * Waits for the server's answer to one entry. When none comes within `timeoutMs` (offline, or a
 * slow network) it resolves as 'queued': the entry stays in the outbox and is sent later, and
 * its eventual outcome goes to the listeners.
 */
export function waitForOutcome(entry: OutboxEntry, timeoutMs: number): Promise<SyncOutcome> {
  // Offline, no answer can come: do not keep the user waiting for one.
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    return Promise.resolve({ kind: 'queued', entry });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(entry.id);
      resolve({ kind: 'queued', entry });
    }, timeoutMs);
    waiters.set(entry.id, (outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    });
  });
}

const unreachableListeners = new Set<() => void>();

/** Called when a replay finds the server unreachable (the worker tells its pages). */
export function onServerUnreachable(listener: () => void): () => void {
  unreachableListeners.add(listener);
  return () => unreachableListeners.delete(listener);
}

export function reportUnreachable() {
  for (const listener of unreachableListeners) listener();
}

/** The entry could not be sent for now (network, server busy): a screen waiting for it stops. */
export function reportDeferred(entry: OutboxEntry) {
  const waiter = waiters.get(entry.id);
  if (!waiter) return;
  waiters.delete(entry.id);
  waiter({ kind: 'queued', entry });
}
