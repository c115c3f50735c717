import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { LOW_STOCK_THRESHOLD } from '#domains/products/constants.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  type CustomFieldRules,
  checkNewProduct,
  checkProductChanges,
  type ProductChanges,
} from '#domains/products/product-write.ts';
import { withStatusAt } from '#domains/products/status.ts';
import { taxOfEdit } from '#domains/products/tax.ts';
import { db, type StoredCustomField } from '../db.ts';
import { PRODUCTS_COLLECTION, PRODUCTS_RESOURCE, screenIdOf } from '../repositories/product-ids.ts';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  editProduct,
  withPendingWrites,
} from '../repositories/products.ts';
import { type Adjustment, adjustStock } from '../repositories/stock.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { handlerOf } from '../sync/write-handler.ts';
import { useReservedStock } from './use-customer-orders.ts';
import { useStoredCustomFields } from './use-stored.ts';
import { useThrottledValue } from './use-throttled-value.ts';

/**
 * The catalogue as the inventory screen shows it (the stored one with the writes still waiting
 * laid over it, each status at the user's low-stock threshold), which rows are not yet on the
 * server, and the writes the screen makes.
 */
export interface CatalogueWrites {
  /**
   * Adds a product from what a form holds (server keys); answers the problems by field, or the
   * id the product shows under at once.
   */
  create(
    fields: Readonly<Record<string, unknown>>,
  ): Promise<{ errors: Record<string, string> } | { id: number }>;
  /** Saves the changed fields (server keys); answers the problems by field, or null. */
  edit(item: InventoryItem, changes: ProductChanges): Promise<Record<string, string> | null>;
  /** A copy, with changed fields (server keys) if any; answers their problems, or null. */
  duplicate(item: InventoryItem, changes?: ProductChanges): Promise<Record<string, string> | null>;
  remove(item: InventoryItem): Promise<void>;
  /** Moves the product's stock by a checked adjustment. */
  adjust(item: InventoryItem, adjustment: Adjustment): Promise<void>;
}

const NO_ENTRIES: readonly OutboxEntry[] = [];

/**
 * The waiting writes a product shows, in the order they were made: the catalogue's own and every
 * other write that folds into it (a sale or a return moves its products' stock).
 */
function useProductEntries() {
  return useLiveQuery(async () => {
    const entries = await db.outbox
      .filter((entry) => handlerOf(entry)?.fold?.collection === PRODUCTS_COLLECTION)
      .toArray();
    // The same empty list each time: another domain's write (a delivery's count) changes the
    // outbox but no product, and must not lay the outbox over 50,000 rows again.
    return entries.length === 0 ? NO_ENTRIES : entries;
  }, []);
}

/**
 * With this many writes waiting, the table follows the catalogue and the outbox at most every
 * SHOWN_UPDATE_MS: a replay changes both with every acknowledgement, and laying a thousand
 * writes over 50,000 rows and sorting them again each time would take the page from the replay
 * itself. With fewer, every change shows at once.
 */
const MANY_WAITING = 25;
const SHOWN_UPDATE_MS = 200;

export function useShownCatalogue(
  catalogue: readonly InventoryItem[],
  lowStockThreshold = LOW_STOCK_THRESHOLD,
) {
  const latest = useProductEntries();
  const reserved = useReservedStock();
  const both = useMemo(() => ({ catalogue, latest }), [catalogue, latest]);
  // Together, so that an acknowledgement (stored, then out of the outbox) shows in one step.
  const { catalogue: items, latest: entries } = useThrottledValue(
    both,
    (latest?.length ?? 0) >= MANY_WAITING ? SHOWN_UPDATE_MS : 0,
  );
  const shown = useMemo(
    () => withStatusAt(withPendingWrites(items, entries ?? []), lowStockThreshold, reserved),
    [items, entries, lowStockThreshold, reserved],
  );
  const marks = useMemo(() => {
    const unsynced = new Set<number>();
    const attention = new Set<number>();
    for (const entry of entries ?? []) {
      if (entry.resource !== PRODUCTS_RESOURCE || entry.recordId === undefined) continue;
      const id = screenIdOf(entry.recordId);
      if (entry.state === 'needs-attention') attention.add(id);
      else unsynced.add(id);
    }
    return { unsynced, attention };
  }, [entries]);
  return { items: shown, ...marks };
}

/** The product custom fields' rules, as the checks of a product's values read them. */
export function customFieldRules(definitions: readonly StoredCustomField[]): CustomFieldRules[] {
  return definitions.map((definition) => ({
    field_key: definition.field_key,
    field_name: definition.field_name,
    field_type: definition.field_type,
    is_required: definition.is_required,
    validation: definition.validation,
  }));
}

export function useCatalogueWrites(): CatalogueWrites {
  const definitions = useStoredCustomFields('product');
  return useMemo(() => {
    const rules = customFieldRules(definitions ?? []);
    return {
      async create(fields) {
        const check = checkNewProduct(fields, rules);
        if (!check.ok) return { errors: check.errors };
        return { id: await createProduct(check.changes) };
      },
      async edit(item, changes) {
        const check = checkProductChanges(changes, rules);
        if (!check.ok) return check.errors;
        // A new LUC or category brings its GST here too, so the table shows it before the answer.
        await editProduct(item, taxOfEdit(check.changes, item));
        return null;
      },
      async duplicate(item, changes = {}) {
        const check = checkProductChanges(changes, rules);
        if (!check.ok) return check.errors;
        await duplicateProduct(item, check.changes);
        return null;
      },
      async remove(item) {
        await deleteProduct(item);
      },
      async adjust(item, adjustment) {
        await adjustStock(item, adjustment);
      },
    };
  }, [definitions]);
}
