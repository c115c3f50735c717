import * as v from 'valibot';
import { type InventoryItem, mapEnhancedProduct } from '#domains/products/product.ts';
import { ProductAnswerSchema } from '#domains/products/product-write.ts';
import { moved } from '#domains/stock/moved.ts';
import { formatDelta, STOCK_MESSAGES, type StockMovementRequest } from '#domains/stock/movement.ts';
import { stockMovementsRead } from '#domains/stock/reads.ts';
import { adjustStockWrite } from '#domains/stock/writes.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { updateStoredCatalogue } from '../catalogue-store.ts';
import { db } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, type FailureNotice, type Refusal } from '../sync/write-handler.ts';
import { changeShown, PRODUCTS_RESOURCE, productOrderOf, recordIdOf } from './product-ids.ts';

/**
 * Stock adjustments through the outbox: a movement (+ or − a quantity, with a reason and a note)
 * of one product, made with its own id so that the server stores it once however often it is
 * sent. Movements never merge with each other or with edits: each one counts. Until the server
 * has it, the product shows its stock moved (`withStockMoved`); once it has, the product is
 * stored as the server answered.
 */
export const STOCK_ADJUST_OP = adjustStockWrite.op;

/** What Pending changes says of the movement: the product's name when it was made. */
interface Label {
  name: string;
}

export interface Adjustment {
  delta: number;
  reason: string;
  note?: string | undefined;
}

export async function adjustStock(item: InventoryItem, adjustment: Adjustment) {
  const recordId = await recordIdOf(item.id);
  const body: StockMovementRequest = {
    id: crypto.randomUUID(),
    delta: adjustment.delta,
    reason: adjustment.reason,
    ...(adjustment.note ? { note: adjustment.note } : {}),
    made_at: new Date().toISOString(),
  };
  return queueAndSend([db.outbox], () =>
    queueWrite<StockMovementRequest, Label>({
      resource: PRODUCTS_RESOURCE,
      ...writeRequest(adjustStockWrite, { id: recordId }),
      body,
      revert: { name: item.product },
      recordId,
    }),
  );
}

/** A product with its stock moved by a movement not yet on the server. */
export function withStockMoved(item: InventoryItem, entry: OutboxEntry): InventoryItem {
  return moved(item, (entry.body as StockMovementRequest).delta);
}

const MovementAnswerSchema = v.object({ product: ProductAnswerSchema });

/** Movements the server stored: their products as it answered (each at its newest version). */
async function storeMoved(acknowledged: { answer: unknown }[]) {
  await updateStoredCatalogue({
    put: acknowledged.map(({ answer }) => ({
      item: mapEnhancedProduct(v.parse(MovementAnswerSchema, answer).product),
    })),
    deleted: [],
  });
}

const labelOf = (entry: OutboxEntry) => `"${(entry.revert as Label | null)?.name ?? 'a product'}"`;

function describe(entry: OutboxEntry) {
  const { delta, reason } = entry.body as StockMovementRequest;
  return `Stock ${formatDelta(delta)} for ${labelOf(entry)} (${reason})`;
}

function failureNotice(entry: OutboxEntry, refusal: Refusal): FailureNotice {
  if (refusal.status === 404) {
    return { kind: 'alert', text: `${labelOf(entry)}: ${STOCK_MESSAGES.productGone}.` };
  }
  const parsed = v.safeParse(ErrorBodySchema, refusal.body);
  const reason = parsed.success ? parsed.output.message : STOCK_MESSAGES.invalid;
  return { kind: 'alert', text: `${describe(entry)}: ${reason}` };
}

export const stockHandlers = [
  defineWriteHandler<StockMovementRequest, Label>({
    declaration: adjustStockWrite,
    fold: changeShown(withStockMoved),
    // With its product's other writes: never before the product is created, nor after it is
    // deleted here.
    orderOf: (entry) => productOrderOf(entry.recordId),
    acknowledge: (_entry, answer) => storeMoved([{ answer }]),
    acknowledgeAll: storeMoved,
    // Nothing to restore: the stored catalogue never had the movement.
    async revert() {},
    describe,
    failureNotice,
  }),
];

/** A product's latest movements (GET /stock/products/{id}/movements), asked afresh each time. */
export const stockMovementsQuery = (productId: number) => ({
  queryKey: ['stock', 'movements', productId] as const,
  queryFn: () => readJson(stockMovementsRead, { id: productId }),
  staleTime: 0,
  retry: false,
});
