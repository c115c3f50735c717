import type { OutboxEntry } from './outbox-entry.ts';
import { type FoldView, handlerOf, type RecordKey, type WriteFold } from './write-handler.ts';

/**
 * What a screen shows of a collection: the stored copy (what the server last said) with the
 * writes still waiting laid over it, each through its handler's `apply`, in the order they were
 * made. One fold for every kind of write: a refused write simply stops being shown (the record
 * is the server's again until the user decides), an acknowledged one is in the stored copy.
 *
 * One pass over the stored copy whatever the number of writes (a thousand edits made offline
 * over 50,000 products must not cost 50 million steps each time the outbox changes): each write
 * changes the value held for its record, new records are placed after the record they follow or
 * at the end, and the list is put together once.
 */
const shown = (entry: OutboxEntry) => entry.state !== 'needs-attention';

export function foldPending<T>(
  collection: string,
  items: readonly T[],
  entries: readonly OutboxEntry[],
  idOf: (item: T) => RecordKey,
): readonly T[] {
  const waiting = entries.filter(
    (entry) => shown(entry) && handlerOf(entry)?.fold?.collection === collection,
  );
  if (waiting.length === 0) return items;

  // Where the records the writes name are: one pass that keeps only those (not a map of
  // 50,000), and every record's place only when a write asks for another.
  const named = new Set(waiting.flatMap((entry) => entry.recordId ?? []));
  let index: Map<RecordKey, number> | undefined;
  let complete = false;
  const placeOf = (key: RecordKey) => {
    if (!index) {
      index = new Map();
      items.forEach((item, at) => {
        const id = idOf(item);
        if (named.has(id)) index?.set(id, at);
      });
    }
    if (!complete && !index.has(key) && !named.has(key)) {
      complete = true;
      index = new Map(items.map((item, at) => [idOf(item), at]));
    }
    return index.get(key);
  };
  const byField = new Map<keyof T, Map<unknown, T>>();
  const aliases = new Map<RecordKey, RecordKey>();
  const keyOf = (id: RecordKey) => aliases.get(id) ?? id;
  // The value of each record a write touched; null once removed.
  const values = new Map<RecordKey, T | null>();
  const after = new Map<RecordKey, RecordKey[]>();
  const added: RecordKey[] = [];

  const view: FoldView<T> = {
    get(id) {
      const key = keyOf(id);
      if (values.has(key)) return values.get(key) ?? undefined;
      const at = placeOf(key);
      return at === undefined ? undefined : items[at];
    },
    set(id, value) {
      values.set(keyOf(id), value);
    },
    remove(id) {
      values.set(keyOf(id), null);
    },
    add(id, value, following) {
      values.set(id, value);
      if (following === undefined) added.push(id);
      else {
        const key = keyOf(following);
        after.set(key, [id, ...(after.get(key) ?? [])]);
      }
    },
    alias(id, existing) {
      aliases.set(id, existing);
    },
    storedWhere(field, value) {
      let found = byField.get(field);
      if (!found) {
        found = new Map();
        for (const item of items) {
          const held = item[field];
          if (held !== undefined && held !== null) found.set(held, item);
        }
        byField.set(field, found);
      }
      return found.get(value);
    },
  };
  for (const entry of waiting) {
    const fold = handlerOf(entry)?.fold as WriteFold<T> | undefined;
    fold?.apply(view, entry);
  }

  const next: T[] = [];
  const place = (id: RecordKey, held: T | undefined) => {
    const value = values.has(id) ? values.get(id) : held;
    if (value) next.push(value);
    for (const following of after.get(id) ?? []) place(following, undefined);
  };
  for (const item of items) place(idOf(item), item);
  for (const id of added) place(id, undefined);
  return next;
}
