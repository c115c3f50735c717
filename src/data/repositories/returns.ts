import * as v from 'valibot';
import { type InventoryItem, mapEnhancedProduct } from '#domains/products/product.ts';
import { ProductAnswerSchema } from '#domains/products/product-write.ts';
import { formatCents } from '#domains/sales/money.ts';
import { daySalesRead, receiptRead } from '#domains/sales/reads.ts';
import { refundDue, returnTotals, type SaleReturn, type SoldSale } from '#domains/sales/returns.ts';
import { withReturn } from '#domains/sales/shifts.ts';
import { recordReturnWrite } from '#domains/sales/writes.ts';
import { moved } from '#domains/stock/moved.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { ApiError, readJson } from '../api-client.ts';
import { updateStoredCatalogue } from '../catalogue-store.ts';
import { db } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, isWriteOf, type WriteFold } from '../sync/write-handler.ts';
import { dayIn, deviceTimeZone } from '../time-zone.ts';
import { isOfflineError } from './load-policy.ts';
import { PRODUCTS_COLLECTION } from './product-ids.ts';
import { keepSold, SALES_RESOURCE } from './sales.ts';
import { countInShift } from './shifts.ts';
import { nextReceipt } from './tills.ts';

/**
 * Returns on the tablet (domains/sales/returns.ts). A sale is found on the server by its receipt
 * number (or among a day's sales), else among the sales this tablet keeps (those it made or
 * looked up), so a return works offline for them. Each return is queued after its sale (the
 * same send order), numbered from this till's sequence, and shows at once: the sale's lines
 * count it as returned, the products' stock moves back.
 */
export const RETURN_TEXT = {
  notFound: (receipt: string) => `No sale has the receipt number ${receipt}.`,
  notHere: (receipt: string) =>
    `${receipt} is not on this tablet, and finding it needs the connection.`,
  nothing: 'Choose at least one unit to return.',
} as const;

/** Units of a sale's lines in returns this tablet has not sent yet. */
async function unsentReturned(saleId: string): Promise<Map<number, number>> {
  const waiting = await db.outbox.where('resource').equals(SALES_RESOURCE).toArray();
  const units = new Map<number, number>();
  for (const entry of waiting) {
    if (!isWriteOf(entry, recordReturnWrite) || entry.body.sale_id !== saleId) continue;
    for (const line of entry.body.lines) {
      units.set(line.line_no, (units.get(line.line_no) ?? 0) + line.quantity);
    }
  }
  return units;
}

/** The server's answer with this tablet's unsent returns counted in, kept for offline. */
async function keepLookedUp(sale: SoldSale): Promise<SoldSale> {
  const unsent = await unsentReturned(sale.id);
  const merged = {
    ...sale,
    lines: sale.lines.map((line) => ({
      ...line,
      returned: line.returned + (unsent.get(line.line_no) ?? 0),
    })),
  };
  await keepSold(merged);
  return merged;
}

/** A sale by its receipt number; null when there is none (online) or this tablet lacks it (offline). */
export async function findSale(receipt: string): Promise<SoldSale | null> {
  try {
    const sale = await readJson(receiptRead, { receipt });
    return await keepLookedUp(sale);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (isOfflineError(error)) {
      const kept = await db.sales.where('receipt').equals(receipt).first();
      if (kept) return kept;
      throw new Error(RETURN_TEXT.notHere(receipt));
    }
    throw error;
  }
}

/**
 * The sales of a day (YYYY-MM-DD by the shop's calendar, `timeZone` from its Business Profile,
 * else this device's): the server's, else the ones kept here.
 */
export async function salesOfDay(date: string, timeZone?: string) {
  try {
    const answer = await readJson(daySalesRead, {}, { date, tz: timeZone || deviceTimeZone() });
    return { sales: answer.sales, complete: true };
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    const kept = await db.sales.toArray();
    return {
      sales: kept
        .filter((sale) => dayIn(new Date(sale.made_at), timeZone) === date)
        .sort((a, b) => b.made_at.localeCompare(a.made_at))
        .map(({ id, receipt, made_at, total_cents }) => ({ id, receipt, made_at, total_cents })),
      complete: false,
    };
  }
}

export interface ReturnDraft {
  sale: SoldSale;
  lines: SaleReturn['lines'];
  tender: { kind: 'cash' | 'card' | 'account' } | { kind: 'other'; label: string };
  cashStep: number;
}

/** Queues a return (works offline for a sale this tablet keeps). */
export async function recordReturn(draft: ReturnDraft, businessId: string): Promise<SaleReturn> {
  const totals = returnTotals(draft.sale.lines, draft.lines);
  if ('problem' in totals) throw new Error(totals.problem);
  if (totals.lines.length === 0) throw new Error(RETURN_TEXT.nothing);
  const due = refundDue(draft.tender.kind, totals.totalCents, draft.cashStep);
  return queueAndSend([db.outbox, db.sales], async () => {
    const receipt = await nextReceipt(businessId);
    const tender = { ...draft.tender, cents: due };
    const shiftId = await countInShift(businessId, (ledger) =>
      withReturn(ledger, { total_cents: totals.totalCents, gst_cents: totals.gstCents, tender }),
    );
    const ret: SaleReturn = {
      id: crypto.randomUUID(),
      sale_id: draft.sale.id,
      receipt,
      made_at: new Date().toISOString(),
      lines: draft.lines,
      tender,
      ...(shiftId ? { shift_id: shiftId } : {}),
      ...(draft.tender.kind === 'cash' ? { cash_step: draft.cashStep as 1 | 5 | 10 } : {}),
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    const returned = new Map(draft.lines.map((line) => [line.line_no, line.quantity]));
    await keepSold({
      ...draft.sale,
      lines: draft.sale.lines.map((line) => ({
        ...line,
        returned: line.returned + (returned.get(line.line_no) ?? 0),
      })),
    });
    await queueWrite<SaleReturn, ReturnLabel>({
      resource: SALES_RESOURCE,
      ...writeRequest(recordReturnWrite, {}),
      body: ret,
      revert: {
        productOf: Object.fromEntries(
          draft.sale.lines.map((line) => [line.line_no, line.product_id]),
        ),
      },
    });
    return ret;
  });
}

const ReturnAnswerSchema = v.object({ products: v.array(ProductAnswerSchema) });

async function storeMoved(acknowledged: { answer: unknown }[]) {
  await updateStoredCatalogue({
    put: acknowledged.flatMap(({ answer }) =>
      v.parse(ReturnAnswerSchema, answer).products.map((product) => ({
        item: mapEnhancedProduct(product),
      })),
    ),
    deleted: [],
  });
}

/** What a queued return carries beside its body: the product of each of the sale's lines. */
interface ReturnLabel {
  productOf: Record<number, number | null>;
}

/** The units fit to sell again show back in stock until the server has the return. */
const restockedShown: WriteFold<InventoryItem> = {
  collection: PRODUCTS_COLLECTION,
  apply(view, entry) {
    const ret = entry.body as SaleReturn;
    const { productOf } = entry.revert as ReturnLabel;
    for (const line of ret.lines) {
      const productId = productOf[line.line_no];
      const current = productId ? view.get(productId) : undefined;
      if (!line.resaleable || !productId || !current) continue;
      view.set(productId, moved(current, line.quantity));
    }
  },
};

function describe(entry: OutboxEntry) {
  const ret = entry.body as SaleReturn;
  return `Return ${ret.receipt} (${formatCents(ret.total_cents)} refunded)`;
}

export const returnHandlers = [
  defineWriteHandler<SaleReturn, ReturnLabel>({
    declaration: recordReturnWrite,
    fold: restockedShown,
    // After its sale, which may still wait: the sale's own send order.
    orderOf: (entry) => `${SALES_RESOURCE}:${entry.body.sale_id}`,
    acknowledge: (_entry, answer) => storeMoved([{ answer }]),
    acknowledgeAll: storeMoved,
    async revert(entry) {
      // Refused: the kept sale no longer counts its units as returned.
      const sale = await db.sales.get(entry.body.sale_id);
      if (!sale) return;
      const back = new Map(entry.body.lines.map((line) => [line.line_no, line.quantity]));
      await db.sales.put({
        ...sale,
        lines: sale.lines.map((line) => ({
          ...line,
          returned: Math.max(line.returned - (back.get(line.line_no) ?? 0), 0),
        })),
      });
    },
    describe,
    failureNotice: (entry, refusal) => {
      const parsed = v.safeParse(ErrorBodySchema, refusal.body);
      const reason = parsed.success ? parsed.output.message : 'The server did not accept it';
      return { kind: 'alert', text: `${describe(entry)}: ${reason}` };
    },
  }),
];
