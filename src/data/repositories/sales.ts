import * as v from 'valibot';
import { itemName } from '#domains/products/display-name.ts';
import { type InventoryItem, mapEnhancedProduct } from '#domains/products/product.ts';
import { ProductAnswerSchema } from '#domains/products/product-write.ts';
import { isTaxedAtTill } from '#domains/products/tax.ts';
import type { SealedApproval } from '#domains/sales/approval.ts';
import { CASH_STEP_CENTS } from '#domains/sales/constants.ts';
import { centsOf, type Discount, formatCents, settle } from '#domains/sales/money.ts';
import type { CashStep } from '#domains/sales/payment-settings.ts';
import { customerSalesRead, productSalesRead } from '#domains/sales/reads.ts';
import type { SoldSale } from '#domains/sales/returns.ts';
import {
  type PricedLine,
  RECEIPT_EMAIL_MESSAGES,
  type Sale,
  tendersOf,
  totalsOf,
} from '#domains/sales/sale.ts';
import { withSale } from '#domains/sales/shifts.ts';
import { emailReceiptWrite, recordSaleWrite } from '#domains/sales/writes.ts';
import { moved } from '#domains/stock/moved.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writePath, writeRequest } from '#shared/write-declaration.ts';
import { apiJson, readJson } from '../api-client.ts';
import { updateStoredCatalogue } from '../catalogue-store.ts';
import { db } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend, requestReplay } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  type FailureNotice,
  isWriteOf,
  type Refusal,
  type WriteFold,
} from '../sync/write-handler.ts';
import { deviceTimeZone } from '../time-zone.ts';
import { PRODUCTS_COLLECTION } from './product-ids.ts';
import { countInShift } from './shifts.ts';
import { nextReceipt } from './tills.ts';

/**
 * Sales through the outbox (domains/sales). The tablet numbers its own receipts after its till
 * code (asked for once, online), in the transaction that queues the sale, so a number is never
 * given twice; the sale is recorded once by its id however often it is sent, each in its own
 * send order so a thousand sales made offline go out in batches. Until the server has a sale, the
 * products show their stock moved by it; once it has, they are stored as it answered.
 */
export const SALES_RESOURCE = 'sales';

export const SALE_TEXT = {
  notSynced: (name: string) =>
    `${name} has not reached the server yet: it can be sold once it is synced.`,
} as const;

export interface SaleDraftLine {
  item: InventoryItem;
  quantity: number;
  /** A price override for one unit, in cents; the shelf price otherwise. */
  unitCents?: number | undefined;
  /** The price a customer order agreed for it, which is its shelf price in this sale. */
  agreedCents?: number | undefined;
  discount?: Discount | undefined;
}

/** The price a line is sold against: the one its customer order agreed, else the shelf's. */
export const shelfCentsOf = (line: Pick<SaleDraftLine, 'item' | 'agreedCents'>) =>
  line.agreedCents ?? centsOf(line.item.listPrice);

export interface SaleDraft {
  /** Its id, when it was made before (a manager's approval is sealed with it). */
  id?: string | undefined;
  lines: readonly SaleDraftLine[];
  discount?: Discount | undefined;
  tenders: Sale['tenders'];
  /** The cash rounding of the shop's settings (5 c when absent). */
  cashStep?: CashStep;
  /** A manager's PIN sealed for this sale, approving a discount past the staff limit. */
  approval?: SealedApproval | undefined;
  /** The customer it is sold to. */
  customerId?: string | undefined;
  /** The customer order it completes. */
  orderId?: string | undefined;
}

/** A product that is not on the server yet cannot be sold: the sale names products by their id. */
export function unsellable(lines: readonly SaleDraftLine[]): string | null {
  const local = lines.find((line) => line.item.id <= 0);
  return local ? SALE_TEXT.notSynced(local.item.product) : null;
}

/**
 * A sale's lines from what is in the basket: the price charged (the shelf's, or an override),
 * and what this tablet knows of the product — its shelf price, LUC and whether it carries GST —
 * in cents. The screen's totals and receipt are worked out from these same lines; the server
 * prices the sale again from its own records, and keeps where they differ.
 */
export function saleLinesOf(lines: readonly SaleDraftLine[]): PricedLine[] {
  return lines.map((line) => {
    const shelf = shelfCentsOf(line);
    return {
      product_id: line.item.id,
      quantity: line.quantity,
      unit_cents: line.unitCents ?? shelf,
      shelf_cents: shelf,
      luc_cents: centsOf(line.item.luc),
      taxable: isTaxedAtTill(line.item.tax_category, line.item.gst),
      ...(line.discount ? { discount: line.discount } : {}),
    };
  });
}

/** Sales kept on the tablet for returns: the latest this many. */
const KEPT_SALES = 2_000;

/** Keeps a sale (made here or looked up) for returns, the oldest let go past KEPT_SALES. */
export async function keepSold(sale: SoldSale) {
  await db.sales.put(sale);
  const count = await db.sales.count();
  if (count > KEPT_SALES) {
    const oldest = await db.sales
      .orderBy('made_at')
      .limit(count - KEPT_SALES)
      .primaryKeys();
    await db.sales.bulkDelete(oldest);
  }
}

/** What Pending changes and the receipt say of a sale. */
interface Label {
  names: string[];
}

/**
 * Queues a sale made on this tablet: its lines at the prices charged with the LUC of the moment,
 * its totals in cents, and the next receipt number of this till. Works offline.
 */
export async function recordSale(draft: SaleDraft, businessId: string): Promise<Sale> {
  const problem = unsellable(draft.lines);
  if (problem) throw new Error(problem);
  const lines = saleLinesOf(draft.lines);
  const totals = totalsOf({ lines, discount: draft.discount });
  const settlement = settle(
    totals.totalCents,
    tendersOf({ tenders: draft.tenders }),
    draft.cashStep ?? CASH_STEP_CENTS,
  );
  return queueAndSend([db.outbox, db.sales], async () => {
    const receipt = await nextReceipt(businessId);
    const shiftId = await countInShift(businessId, (ledger) =>
      withSale(
        ledger,
        { total_cents: totals.totalCents, gst_cents: totals.gstCents, tenders: draft.tenders },
        totals.discountCents,
        settlement.cashGivenCents - settlement.changeCents,
      ),
    );
    const sale: Sale = {
      id: draft.id ?? crypto.randomUUID(),
      receipt,
      made_at: new Date().toISOString(),
      lines,
      ...(draft.discount ? { discount: draft.discount } : {}),
      tenders: draft.tenders,
      ...(draft.cashStep !== undefined ? { cash_step: draft.cashStep } : {}),
      ...(draft.approval ? { approval: draft.approval } : {}),
      ...(shiftId ? { shift_id: shiftId } : {}),
      ...(draft.customerId ? { customer_id: draft.customerId } : {}),
      ...(draft.orderId ? { customer_order_id: draft.orderId } : {}),
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    // Kept here as sold, so its units can come back offline too.
    await keepSold({
      id: sale.id,
      receipt,
      made_at: sale.made_at,
      total_cents: sale.total_cents,
      gst_cents: sale.gst_cents,
      tenders: sale.tenders,
      lines: lines.map((line, index) => ({
        line_no: index + 1,
        product_id: line.product_id,
        name: itemName(draft.lines[index]?.item ?? { product: '' }),
        quantity: line.quantity,
        net_cents: totals.lines[index]?.netCents ?? 0,
        luc_cents: line.luc_cents,
        taxable: line.taxable,
        returned: 0,
      })),
    });
    await queueWrite<Sale, Label>({
      resource: SALES_RESOURCE,
      ...writeRequest(recordSaleWrite, {}),
      body: sale,
      revert: { names: draft.lines.map((line) => itemName(line.item)) },
    });
    return sale;
  });
}

/** How many sales made here the server does not have yet (returns wait beside them). */
export const unsentSales = () =>
  db.outbox
    .where('resource')
    .equals(SALES_RESOURCE)
    .filter((entry) => isWriteOf(entry, recordSaleWrite))
    .count();

const SaleAnswerSchema = v.object({ products: v.array(ProductAnswerSchema) });

async function storeSold(acknowledged: { answer: unknown }[]) {
  await updateStoredCatalogue({
    put: acknowledged.flatMap(({ answer }) =>
      v.parse(SaleAnswerSchema, answer).products.map((product) => ({
        item: mapEnhancedProduct(product),
      })),
    ),
    deleted: [],
  });
}

function describe(entry: OutboxEntry) {
  const sale = entry.body as Sale;
  return `Sale ${sale.receipt} (${formatCents(sale.total_cents)})`;
}

function failureNotice(entry: OutboxEntry, refusal: Refusal): FailureNotice {
  const parsed = v.safeParse(ErrorBodySchema, refusal.body);
  const reason = parsed.success ? parsed.output.message : 'The server did not accept it';
  return { kind: 'alert', text: `${describe(entry)}: ${reason}` };
}

/** Each product sold shows its stock moved until the server has the sale. */
const soldShown: WriteFold<InventoryItem> = {
  collection: PRODUCTS_COLLECTION,
  apply(view, entry) {
    for (const line of (entry.body as Sale).lines) {
      const current = view.get(line.product_id);
      if (current) view.set(line.product_id, moved(current, -line.quantity));
    }
  },
};

export const saleHandlers = [
  defineWriteHandler<Sale, Label>({
    declaration: recordSaleWrite,
    fold: soldShown,
    // Sales stand alone: each its own order, so many go out in one batch.
    orderOf: (entry) => `${SALES_RESOURCE}:${entry.body.id}`,
    acknowledge: (_entry, answer) => storeSold([{ answer }]),
    acknowledgeAll: storeSold,
    // Nothing to restore: the stored catalogue never had the sale.
    async revert() {},
    describe,
    failureNotice,
  }),
];

/** A product's sales this month and by month over a year, from the server (online only). */
export const productSalesQuery = (productId: number) => ({
  queryKey: ['sales', 'product', productId] as const,
  queryFn: () => readJson(productSalesRead, { id: productId }, { tz: deviceTimeZone() }),
  staleTime: 0,
  retry: false,
});

/** A customer's purchases, from the server (online; kept in memory while the app is open). */
export const customerSalesQuery = (customerId: string) => ({
  queryKey: ['sales', 'customer', customerId] as const,
  queryFn: () => readJson(customerSalesRead, { id: customerId }),
  staleTime: 0,
  retry: false,
});

/**
 * Emails a sale's receipt (online). The sale is sent first if it still waits here, so the
 * server has it; if it cannot be, the customer is asked to wait a moment.
 */
export async function emailReceipt(saleId: string, email: string): Promise<void> {
  await requestReplay();
  const waiting = await db.outbox
    .where('resource')
    .equals(SALES_RESOURCE)
    .filter((entry) => isWriteOf(entry, recordSaleWrite) && entry.body.id === saleId)
    .count();
  if (waiting > 0) throw new Error(RECEIPT_EMAIL_MESSAGES.notYet);
  await apiJson(writePath(emailReceiptWrite, { id: saleId }), EmailSentSchema, {
    method: emailReceiptWrite.method,
    body: JSON.stringify({ email }),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

const EmailSentSchema = v.object({ sent: v.literal(true) });
