import type { OutboxEntry } from './outbox-entry.ts';
import { handlerOf, type WriteRole } from './write-handler.ts';

/**
 * How a new write combines with the writes of the same resource still waiting (ARCHITECTURE.md
 * section 4), by the roles their handlers declare. Only entries never tried are changed: one
 * that was tried may have reached the server, so it is left as it is and the new write goes
 * after it.
 * - 'save-state' (a whole state): the last one wins.
 * - A record created and then updated: one create, its body merged, in the create's place.
 * - Created and then deleted: both disappear.
 * - Updated and then deleted: one delete.
 * - Updated twice: one update, the bodies merged.
 * - 'append': never merged.
 * - Nothing is merged across a copy of the record queued in between (it copies the record as it
 *   was then).
 * A merged entry keeps the revert of the earliest, which restores the state before them all.
 * An entry to add that carries a `seq` replaces the waiting entry in that place.
 */
export interface CoalesceResult {
  /** Ids of waiting entries to remove. */
  remove: string[];
  /** The entry to add, or null when nothing is left to send. */
  add: OutboxEntry | null;
}

const untried = (entry: OutboxEntry) => entry.state === 'pending' && entry.attempts === 0;
const roleOf = (entry: OutboxEntry): WriteRole | undefined => handlerOf(entry)?.role;

function copies(entry: OutboxEntry, recordId: OutboxEntry['recordId']): boolean {
  const source = handlerOf(entry)?.copiedFrom?.(entry);
  return source !== undefined && String(source) === String(recordId);
}

function mergedBody(earlier: OutboxEntry, later: OutboxEntry): unknown {
  const handler = handlerOf(earlier);
  return handler?.absorbUpdate ? handler.absorbUpdate(earlier.body, later.body) : later.body;
}

export function coalesce(waiting: readonly OutboxEntry[], next: OutboxEntry): CoalesceResult {
  const role = roleOf(next);
  if (role === 'save-state') {
    const replaced = waiting.filter((entry) => untried(entry) && roleOf(entry) === 'save-state');
    return {
      remove: replaced.map((entry) => entry.id),
      add: replaced[0] ? { ...next, revert: replaced[0].revert } : next,
    };
  }
  if (role !== 'update' && role !== 'delete') return { remove: [], add: next };

  const previous = waiting
    .filter(
      (entry) => entry.recordId !== undefined && entry.recordId === next.recordId && untried(entry),
    )
    .at(-1);
  const previousRole = previous ? roleOf(previous) : undefined;
  if (!previous) return { remove: [], add: next };
  // A copy of this record made since is made of it as it was then: merging would change what it
  // copies (or cancel the create it copies), so the writes stay apart.
  const since = waiting.slice(waiting.indexOf(previous) + 1);
  if (since.some((entry) => copies(entry, next.recordId))) return { remove: [], add: next };

  if (previousRole === 'create') {
    if (role === 'delete') return { remove: [previous.id], add: null };
    // In the create's place (its seq): writes made after the create, which may name the record
    // (a column save naming a custom field), must not overtake it.
    return {
      remove: [],
      add: {
        ...previous,
        body: mergedBody(previous, next),
        id: next.id,
        idempotencyKey: next.idempotencyKey,
      },
    };
  }
  if (previousRole === 'update') {
    const body = role === 'update' ? mergedBody(previous, next) : next.body;
    return { remove: [previous.id], add: { ...next, body, revert: previous.revert } };
  }
  return { remove: [], add: next };
}
