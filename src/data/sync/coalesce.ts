import type { OutboxEntry } from './outbox-entry.ts';

/**
 * How a new write combines with the writes of the same resource still waiting (ARCHITECTURE.md
 * section 4). Only entries never tried are changed: one that was tried may have reached the
 * server, so it is left as it is and the new write goes after it.
 * - Whole-state saves (column preferences, inventory settings): the last one wins.
 * - A custom field created and then updated: one create with the new body.
 * - Created and then deleted: both disappear.
 * - Updated and then deleted: one delete.
 * - Updated twice: one update with the last body.
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

export function coalesce(waiting: readonly OutboxEntry[], next: OutboxEntry): CoalesceResult {
  const isWholeState = next.op.startsWith('columns.') || next.op === 'inventory-settings.save';
  if (isWholeState) {
    const replaced = waiting.filter(untried);
    return {
      remove: replaced.map((entry) => entry.id),
      add: replaced[0] ? { ...next, revert: replaced[0].revert } : next,
    };
  }

  const sameRecord = waiting.filter(
    (entry) => entry.recordId !== undefined && entry.recordId === next.recordId && untried(entry),
  );
  const previous = sameRecord.at(-1);
  if (!previous) return { remove: [], add: next };

  if (previous.op === 'custom-field.create') {
    if (next.op === 'custom-field.update') {
      // In the create's place (its seq): writes made after the create, which may name the field
      // (a column save), must not overtake it.
      return {
        remove: [],
        add: { ...previous, body: next.body, id: next.id, idempotencyKey: next.idempotencyKey },
      };
    }
    if (next.op === 'custom-field.delete') return { remove: [previous.id], add: null };
  }
  if (previous.op === 'custom-field.update') {
    if (next.op === 'custom-field.update' || next.op === 'custom-field.delete') {
      return { remove: [previous.id], add: { ...next, revert: previous.revert } };
    }
  }
  return { remove: [], add: next };
}
