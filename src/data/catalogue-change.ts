import type { InventoryItem } from '#domains/products/product.ts';

/**
 * A change of the stored catalogue, as data, so that it applies the same way to the whole list
 * in memory and to the few stored records it touches: an acknowledged write of this device, or
 * the changes since the catalogue's version.
 */
export interface CatalogueChange {
  /** Products as they are now: replaced where they stand, or placed when new. */
  put: readonly PutProduct[];
  deleted: readonly number[];
}

export interface PutProduct {
  item: InventoryItem;
  /**
   * For a product not held yet: the id it follows, null when it comes first; without it (or
   * when that product is not held), it goes at the end.
   */
  after?: number | null;
}

/**
 * What the store keeps of a product it holds and an answer about it: the answer, unless the held
 * copy is of a later version (an answer to an earlier write, stored after a newer one).
 */
export function newerOf(held: InventoryItem, answer: InventoryItem | undefined): InventoryItem {
  if (!answer) return held;
  return (held.version ?? 0) > (answer.version ?? 0) ? held : answer;
}

/**
 * The stored catalogue's items: its records' items in order, each replaced by its stored edit
 * unless the record's copy is newer (an edit stored after a newer copy came in a full download).
 */
export function storedItems(
  chunks: readonly { items: InventoryItem[] }[],
  edits: readonly InventoryItem[],
): InventoryItem[] {
  const items = chunks.flatMap((chunk) => chunk.items);
  if (edits.length === 0) return items;
  const edited = new Map(edits.map((item) => [item.id, item]));
  return items.map((item) => newerOf(item, edited.get(item.id)));
}

/**
 * Applies a change to consecutive runs of the catalogue, in order (the whole list as one run, or
 * the stored records that hold the ids it names, with the first and the last among them). A
 * product held is replaced where it stands (unless held at a later version), deleted ids leave,
 * and a new product goes after the one it follows (one new product can follow another), first
 * for null, else at the very end. Applying the same change twice gives the same catalogue.
 */
export function applyToRuns(
  runs: readonly (readonly InventoryItem[])[],
  change: CatalogueChange,
): InventoryItem[][] {
  const gone = new Set(change.deleted);
  const replaced = new Map(change.put.map(({ item }) => [item.id, item]));
  const next = runs.map((run) =>
    run.filter((item) => !gone.has(item.id)).map((item) => newerOf(item, replaced.get(item.id))),
  );
  const held = new Set(next.flatMap((run) => run.map((item) => item.id)));
  for (const { item, after } of change.put) {
    if (held.has(item.id) || gone.has(item.id)) continue;
    held.add(item.id);
    if (after === null) {
      next[0]?.unshift(item);
      continue;
    }
    const run = after === undefined ? undefined : next.find((r) => r.some((x) => x.id === after));
    if (run) run.splice(run.findIndex((x) => x.id === after) + 1, 0, item);
    else next.at(-1)?.push(item);
  }
  return next;
}

/** The whole catalogue after a change. */
export function applyCatalogueChange(
  items: readonly InventoryItem[],
  change: CatalogueChange,
): InventoryItem[] {
  return applyToRuns([items], change)[0] ?? [];
}
