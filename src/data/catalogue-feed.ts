import type { InventoryItem } from '#shared/inventory/product.ts';

/**
 * What the store keeps of a product it holds and an answer about it: the answer, unless the held
 * copy is of a later version (an answer to an earlier write, stored after a newer one).
 */
export function newerOf(held: InventoryItem, answer: InventoryItem | undefined): InventoryItem {
  if (!answer) return held;
  return (held.version ?? 0) > (answer.version ?? 0) ? held : answer;
}

/** A product of the since-version feed: as it is now, and for a new one, the one it follows. */
export interface FedProduct {
  item: InventoryItem;
  /** Set for a product created since: the id it follows, null when it comes first. */
  after?: number | null;
}

/**
 * The stored catalogue after the changes since its version: a product it holds is replaced where
 * it stands, a new one goes after the product the server says it follows (the feed lists them in
 * catalogue order, so one new product can follow another) or at the end when that one is not
 * here, and deleted ids leave. A product held at a later version than the feed's stays. Applying the same feed twice gives the same catalogue.
 */
export function applyCatalogueFeed(
  items: readonly InventoryItem[],
  changed: readonly FedProduct[],
  deleted: readonly number[],
): InventoryItem[] {
  const gone = new Set(deleted);
  const replaced = new Map(changed.map(({ item }) => [item.id, item]));
  const next = items
    .filter((item) => !gone.has(item.id))
    .map((item) => newerOf(item, replaced.get(item.id)));
  const held = new Set(next.map((item) => item.id));
  for (const { item, after } of changed) {
    if (held.has(item.id) || gone.has(item.id)) continue;
    const index =
      after === null ? 0 : after === undefined ? -1 : next.findIndex((row) => row.id === after) + 1;
    if (index <= 0 && after !== null) next.push(item);
    else next.splice(index, 0, item);
    held.add(item.id);
  }
  return next;
}
