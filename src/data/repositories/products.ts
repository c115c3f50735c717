import * as v from 'valibot';
import { productField } from '#domains/products/fields.ts';
import {
  applyProductChanges,
  newProductItem,
  productFieldsOf,
} from '#domains/products/item-changes.ts';
import { type InventoryItem, mapEnhancedProduct } from '#domains/products/product.ts';
import {
  PRODUCT_MESSAGES,
  type ProductAnswer,
  ProductAnswerSchema,
  type ProductChanges,
  ProductConflictSchema,
  shownProductValue,
} from '#domains/products/product-write.ts';
import { stockStatus } from '#domains/products/status.ts';
import {
  createProductWrite,
  deleteProductWrite,
  duplicateProductWrite,
  editProductWrite,
} from '#domains/products/writes.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { updateStoredCatalogue } from '../catalogue-store.ts';
import { db } from '../db.ts';
import { foldPending } from '../sync/fold.ts';
import { adoptServerId, currentRecordId, queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { rebaseLaterEdits } from '../sync/rebase.ts';
import { queueAndSend, requestReplay } from '../sync/replayer.ts';
import { isTemporaryId, temporaryId } from '../sync/temporary-ids.ts';
import {
  defineWriteHandler,
  type FailureNotice,
  type FoldView,
  isWriteOf,
  type Refusal,
  type Settlement,
  type WriteFold,
  type WriteHandler,
} from '../sync/write-handler.ts';
import {
  changeShown,
  PRODUCTS_COLLECTION,
  PRODUCTS_RESOURCE,
  productOrderOf,
  recordIdOf,
  screenIdOf,
} from './product-ids.ts';

/**
 * Catalogue writes through the outbox: a new product, an edit of some fields (naming the version
 * it was based on, so the server can merge it with other devices' edits), a duplicate and a
 * delete.
 *
 * The stored catalogue stays what the server last said. What waits in the outbox is laid over it
 * when it is shown (`withPendingWrites`): a refused or discarded write simply stops being shown,
 * and an acknowledged one is written into the stored catalogue as the server answered it.
 * A product added or duplicated here has a temporary id until the server answers (product-ids.ts).
 */

export interface ProductEditBody {
  base_version: number;
  changes: ProductChanges;
}
export interface ProductDuplicateBody {
  changes: ProductChanges;
  /** The id this device gives the copy: sent again, it finds the copy already made. */
  client_ref?: string;
}
export interface ProductCreateBody {
  fields: ProductChanges;
  /** The id this device gives the product: sent again, it finds the product already made. */
  client_ref?: string;
}
/** What Pending changes says of the product: its name when the write was made. */
interface Label {
  name: string;
  /** For a duplicate: the product it copies. */
  source?: number | string;
  /** For an edit: the product as it was, so that it can be made again if it was deleted. */
  snapshot?: ProductChanges;
}

/**
 * Writes of one product go out in the order they were made; writes of different products go
 * side by side. A copy goes in the order of what it copies, after the writes made before it.
 */
function productOrder(entry: OutboxEntry): string {
  return productOrderOf(
    isWriteOf(entry, duplicateProductWrite) ? (entry.revert as Label).source : entry.recordId,
  );
}

/**
 * The stored catalogue with the writes still waiting laid over it (stock movements too), in the
 * order they were made, through the generic fold. Writes the server refused are not shown: the
 * row is the server's until the user decides.
 */
export const withPendingWrites = (
  items: readonly InventoryItem[],
  entries: readonly OutboxEntry[],
): readonly InventoryItem[] => foldPending(PRODUCTS_COLLECTION, items, entries, (item) => item.id);

/**
 * A product made here (added or copied) shows under its temporary id until the server answers;
 * when the stored catalogue already holds it (the answer was lost and a refresh brought the
 * product, known by its client_ref), the stored one is shown, once.
 */
function madeHere(
  make: (view: FoldView<InventoryItem>, entry: OutboxEntry, id: number) => void,
): WriteFold<InventoryItem> {
  return {
    collection: PRODUCTS_COLLECTION,
    apply(view, entry) {
      if (entry.recordId === undefined) return;
      const id = screenIdOf(entry.recordId);
      const ref = (entry.body as { client_ref?: string }).client_ref;
      const stored = ref === undefined ? undefined : view.storedWhere('ref', ref);
      if (stored) view.alias(id, stored.id);
      else make(view, entry, id);
    },
  };
}

const queued = (write: () => Promise<OutboxEntry | null>) => queueAndSend([db.outbox], write);

/** Saves changed fields of a product (server keys), to be merged by the server. */
export async function editProduct(item: InventoryItem, changes: ProductChanges) {
  if (Object.keys(changes).length === 0) return null;
  const recordId = await recordIdOf(item.id);
  return queued(() =>
    queueWrite<ProductEditBody, Label>({
      resource: PRODUCTS_RESOURCE,
      ...writeRequest(editProductWrite, { id: recordId }),
      body: { base_version: item.version ?? 1, changes },
      revert: { name: item.product, snapshot: productFieldsOf(item) },
      recordId,
    }),
  );
}

/**
 * Adds a product with checked fields (server keys). It has a temporary id until the server
 * answers; the answer is the screen id, under which it shows at once.
 */
export async function createProduct(fields: ProductChanges): Promise<number> {
  const id = temporaryId();
  await queued(() =>
    queueWrite<ProductCreateBody, Label>({
      resource: PRODUCTS_RESOURCE,
      ...writeRequest(createProductWrite, {}),
      body: { fields, client_ref: crypto.randomUUID() },
      revert: { name: typeof fields.name === 'string' ? fields.name : '' },
      recordId: id,
    }),
  );
  return screenIdOf(id);
}

/**
 * '{product} (Copy)' right after the original, with a temporary id until the server answers; with
 * changes (checked), the copy takes them (a new vintage under the same barcode names its own).
 */
export async function duplicateProduct(item: InventoryItem, changes: ProductChanges = {}) {
  const read = await recordIdOf(item.id);
  const id = temporaryId();
  return queued(async () => {
    // The original's create may have been answered since it was read.
    const source = await currentRecordId(read);
    return queueWrite<ProductDuplicateBody, Label>({
      resource: PRODUCTS_RESOURCE,
      ...writeRequest(duplicateProductWrite, { id: source }),
      body: { changes, client_ref: crypto.randomUUID() },
      revert: {
        name: typeof changes.name === 'string' ? changes.name : `${item.product} (Copy)`,
        source,
      },
      recordId: id,
    });
  });
}

export async function deleteProduct(item: InventoryItem) {
  const recordId = await recordIdOf(item.id);
  return queued(() =>
    queueWrite<null, Label>({
      resource: PRODUCTS_RESOURCE,
      ...writeRequest(deleteProductWrite, { id: recordId }),
      body: null,
      revert: { name: item.product },
      recordId,
    }),
  );
}

/** Edits the server saved: stored as it answered, and later edits of those products rebased. */
async function storeEdited(acknowledged: { entry: OutboxEntry; answer: unknown }[]) {
  const answered = acknowledged.map(({ entry, answer }) => ({
    entry,
    product: v.parse(ProductAnswerSchema, answer),
  }));
  await updateStoredCatalogue({
    put: answered.map(({ product }) => ({ item: mapEnhancedProduct(product) })),
    deleted: [],
  });
  await rebaseLaterEdits(
    editProductWrite,
    answered.map(({ entry, product }) => ({ entry, record: product })),
  );
}

/** Deletes the server did (or found done): the products leave the stored catalogue. */
async function storeDeleted(entries: OutboxEntry[]) {
  const deleted = entries.flatMap(({ recordId }) =>
    typeof recordId === 'number' ? [recordId] : [],
  );
  if (deleted.length > 0) await updateStoredCatalogue({ put: [], deleted });
}

const labelOf = (entry: OutboxEntry) => `"${(entry.revert as Label | null)?.name ?? 'a product'}"`;

const RefusalSchema = v.looseObject({
  ...ErrorBodySchema.entries,
  errors: v.optional(v.array(v.string())),
});

function productRefusal(entry: OutboxEntry, refusal: Refusal): FailureNotice {
  const conflict = v.safeParse(ProductConflictSchema, refusal.body);
  if (refusal.status === 409 && conflict.success) {
    return {
      kind: 'alert',
      text: `${labelOf(entry)}: ${PRODUCT_MESSAGES.conflict} (${conflict.output.conflicts.join(', ')}).`,
    };
  }
  if (refusal.status === 404)
    return { kind: 'alert', text: `${labelOf(entry)}: ${PRODUCT_MESSAGES.deleted}.` };
  const parsed = v.safeParse(RefusalSchema, refusal.body);
  const details = parsed.success ? (parsed.output.errors ?? [parsed.output.message]) : [];
  return {
    kind: 'alert',
    text: `${labelOf(entry)} was not saved${details.length > 0 ? `: ${details.join('; ')}` : '.'}`,
  };
}

/** A value as Pending changes shows it. */
function columnsOf(product: ProductAnswer): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of product.columns) {
    if (typeof column === 'object' && column !== null && 'key' in column) {
      const { key, value } = column as { key: unknown; value?: unknown };
      if (typeof key === 'string') values[key] = value;
    }
  }
  return values;
}

/**
 * Sends the entry again, as changed by `body`, now based on the server's version. It is another
 * request, so it gets another Idempotency-Key (the server would refuse the old one with 422).
 */
async function sendAgain(entry: OutboxEntry, body: ProductEditBody) {
  await db.outbox.update(entry.seq as number, {
    body,
    idempotencyKey: crypto.randomUUID(),
    state: 'pending',
    failure: null,
    nextAttemptAt: 0,
  });
  requestReplay();
}

/**
 * An edit of a product deleted meanwhile (on another device): 'Re-create' makes it again, as it
 * was when edited and with the edit, as a new product; Discard (always offered) drops the edit.
 */
function settleDeleted(entry: OutboxEntry): Settlement {
  return {
    differences: [],
    choices: [
      {
        label: 'Re-create',
        run: async () => {
          const { name, snapshot } = entry.revert as Label;
          const body: ProductCreateBody = {
            fields: { name, ...snapshot, ...(entry.body as ProductEditBody).changes },
            client_ref: crypto.randomUUID(),
          };
          await db.outbox.update(entry.seq as number, {
            ...writeRequest(createProductWrite, {}),
            body,
            recordId: temporaryId(),
            idempotencyKey: crypto.randomUUID(),
            state: 'pending',
            failure: null,
            nextAttemptAt: 0,
          });
          requestReplay();
        },
      },
    ],
  };
}

const settleEdit = (entry: OutboxEntry) =>
  entry.failure?.status === 404 ? settleDeleted(entry) : settleConflict(entry);

/**
 * An edit of fields another device changed meanwhile: 'Keep mine' sends it again based on the
 * server's version; 'Keep current' takes the server's values of those fields (and sends the
 * rest of the edit, if any).
 */
function settleConflict(entry: OutboxEntry) {
  const parsed = v.safeParse(ProductConflictSchema, entry.failure?.details);
  if (!parsed.success) return undefined;
  const { conflicts, current } = parsed.output;
  const body = entry.body as ProductEditBody;
  const now = columnsOf(current);
  return {
    differences: conflicts.map((field) => ({
      label: productField(field)?.label ?? field,
      yours: shownProductValue(field, body.changes[field]),
      current: shownProductValue(field, now[field]),
    })),
    choices: [
      {
        label: 'Keep mine',
        run: () => sendAgain(entry, { ...body, base_version: current.version }),
      },
      {
        label: 'Keep current',
        run: async () => {
          const item = mapEnhancedProduct(current);
          await updateStoredCatalogue({ put: [{ item }], deleted: [] });
          const rest = Object.fromEntries(
            Object.entries(body.changes).filter(([field]) => !conflicts.includes(field)),
          );
          if (Object.keys(rest).length === 0) await db.outbox.delete(entry.seq as number);
          else await sendAgain(entry, { base_version: current.version, changes: rest });
        },
      },
    ],
  };
}

/**
 * A product the server created for a write of this device: stored right after `afterId` (or at
 * the end, where the server puts a new product), and the writes waiting for its id take it.
 */
async function storeCreated(entry: OutboxEntry, answer: unknown, afterId: number | undefined) {
  const item = mapEnhancedProduct(v.parse(ProductAnswerSchema, answer));
  const temporary = entry.recordId;
  // All at once: a screen never sees the product stored while a copy of it still names its
  // temporary id, which would hide the copy for a moment.
  await db.transaction(
    'rw',
    [db.catalogueChunks, db.catalogueEdits, db.meta, db.outbox],
    async () => {
      await updateStoredCatalogue({
        put: [afterId === undefined ? { item } : { item, after: afterId }],
        deleted: [],
      });
      if (temporary === undefined || !isTemporaryId(temporary)) return;
      await adoptServerId(temporary, item.id);
      // A copy of this product waits for its id too: it names it as its source and in its path.
      await db.outbox
        .filter(
          (other) =>
            isWriteOf(other, duplicateProductWrite) && (other.revert as Label).source === temporary,
        )
        .modify((other) => {
          (other.revert as Label).source = item.id;
          other.path = other.path.replace(String(temporary), String(item.id));
        });
    },
  );
}

/** A later update of the same product: every product write's update is an edit. */
const changesOf = (update: unknown) => (update as ProductEditBody).changes;

const withChanges = <T extends { changes: ProductChanges }>(body: T, update: unknown): T => ({
  ...body,
  changes: { ...body.changes, ...changesOf(update) },
});

export const productHandlers: WriteHandler[] = [
  defineWriteHandler<ProductEditBody, Label>({
    declaration: editProductWrite,
    fold: changeShown((item, entry) =>
      applyProductChanges(item, (entry.body as ProductEditBody).changes),
    ),
    orderOf: productOrder,
    absorbUpdate: withChanges,
    acknowledge: (entry, answer) => storeEdited([{ entry, answer }]),
    acknowledgeAll: storeEdited,
    // Nothing to restore: the stored catalogue never had the change.
    async revert() {},
    describe: (entry) => `Changes to ${labelOf(entry)}`,
    failureNotice: productRefusal,
    settle: settleEdit,
  }),
  defineWriteHandler<ProductCreateBody, Label>({
    declaration: createProductWrite,
    // The server adds a new product at the end of the catalogue.
    fold: madeHere((view, entry, id) =>
      view.add(id, newProductItem(id, (entry.body as ProductCreateBody).fields)),
    ),
    orderOf: productOrder,
    absorbUpdate: (body, update) => ({ fields: { ...body.fields, ...changesOf(update) } }),
    acknowledge: (entry, answer) => storeCreated(entry, answer, undefined),
    async revert() {},
    describe: (entry) => `Adding ${labelOf(entry)}`,
    failureNotice: productRefusal,
  }),
  defineWriteHandler<ProductDuplicateBody, Label>({
    declaration: duplicateProductWrite,
    // Right after what it copies; a copy is a new product, with no stock yet.
    fold: madeHere((view, entry, id) => {
      const { source, name } = entry.revert as Label;
      if (source === undefined) return;
      const sourceId = screenIdOf(source);
      const original = view.get(sourceId);
      if (!original) return;
      const copy = applyProductChanges(
        { ...original, id, product: name, stock_quantity: 0, status: stockStatus(0) },
        (entry.body as ProductDuplicateBody).changes,
      );
      delete copy.version;
      delete copy.ref;
      view.add(id, copy, sourceId);
    }),
    orderOf: productOrder,
    copiedFrom: (entry) => entry.revert.source,
    absorbUpdate: withChanges,
    acknowledge(entry, answer) {
      const source = (entry.revert as Label).source;
      return storeCreated(entry, answer, typeof source === 'number' ? source : undefined);
    },
    async revert() {},
    describe: (entry) => `Duplicate ${labelOf(entry)}`,
    failureNotice: productRefusal,
  }),
  defineWriteHandler<null, Label>({
    declaration: deleteProductWrite,
    fold: {
      collection: PRODUCTS_COLLECTION,
      apply(view, entry) {
        if (entry.recordId !== undefined) view.remove(screenIdOf(entry.recordId));
      },
    },
    orderOf: productOrder,
    // Another device deleted it first: it is gone, as this device wanted.
    refusalMeansDone: (_entry, refusal) => refusal.status === 404,
    acknowledge: (entry) => storeDeleted([entry]),
    acknowledgeAll: (acknowledged) => storeDeleted(acknowledged.map(({ entry }) => entry)),
    async revert() {},
    describe: (entry) => `Deleting ${labelOf(entry)}`,
    failureNotice: productRefusal,
  }),
];
