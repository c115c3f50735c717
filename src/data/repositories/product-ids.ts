import type { InventoryItem } from '#domains/products/product.ts';
import { db } from '../db.ts';
import { adoptedIds } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import type { WriteFold } from '../sync/write-handler.ts';

/**
 * How products are named in the outbox and on the screens, shared by every kind of product write
 * (catalogue writes, stock movements). A product added here has a temporary id ('tmp-…') until
 * the server answers; the screens, whose ids are numbers, see it under a negative number made
 * from it.
 */
export const PRODUCTS_RESOURCE = 'products';

/** The number under which the screens show a product made here and not yet acknowledged. */
export function screenIdOf(recordId: number | string): number {
  if (typeof recordId === 'number') return recordId;
  return -(Number.parseInt(recordId.replace(/[^0-9a-f]/g, '').slice(0, 12), 16) + 1);
}

/**
 * The record id a screen's id stands for: a temporary id for a negative number, or the server's
 * when its create was acknowledged since the screen last drew it.
 */
export async function recordIdOf(screenId: number): Promise<number | string> {
  if (screenId > 0) return screenId;
  const entries = await db.outbox.where('resource').equals(PRODUCTS_RESOURCE).toArray();
  const match = entries.find(
    (entry) => entry.recordId !== undefined && screenIdOf(entry.recordId) === screenId,
  );
  if (match?.recordId !== undefined) return match.recordId;
  const adopted = (await adoptedIds()).find((id) => screenIdOf(id.temporaryId) === screenId);
  if (!adopted) throw new Error('That product is no longer on this device');
  return adopted.serverId;
}

/**
 * The send order of a product's writes: they go out in the order they were made (a movement
 * never overtakes the create or the delete of its product); different products go side by side.
 */
export const productOrderOf = (record: number | string | undefined) =>
  `${PRODUCTS_RESOURCE}:${String(record)}`;

/** The collection the product writes change on the screens (sync/fold.ts). */
export const PRODUCTS_COLLECTION = 'products';

/**
 * A write of one product as it shows until the server has it: `change` applied to the product
 * as earlier writes left it (an edit, a stock movement).
 */
export function changeShown(
  change: (item: InventoryItem, entry: OutboxEntry) => InventoryItem,
): WriteFold<InventoryItem> {
  return {
    collection: PRODUCTS_COLLECTION,
    apply(view, entry) {
      if (entry.recordId === undefined) return;
      const id = screenIdOf(entry.recordId);
      const current = view.get(id);
      if (current) view.set(id, change(current, entry));
    },
  };
}
