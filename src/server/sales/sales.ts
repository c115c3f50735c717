import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  handedOver,
  ORDER_STATUS_LABELS,
  RESERVING,
} from '#domains/customer-orders/customer-order.ts';
import { displayName } from '#domains/products/display-name.ts';
import { isTaxedAtTill } from '#domains/products/tax.ts';
import { SALE_REASON } from '#domains/sales/constants.ts';
import { centsOf, gstShares, settle } from '#domains/sales/money.ts';
import { tagDiscountOf } from '#domains/sales/payment-settings.ts';
import { nextTillCode } from '#domains/sales/receipt-number.ts';
import {
  cashStepOf,
  checkPriced,
  checkSale,
  costOf,
  onAccountCents,
  type PricedSale,
  priceSale,
  SALE_MESSAGES,
  type Sale,
  type SaleClaim,
  type SaleTerms,
  tendersOf,
  totalsOf,
} from '#domains/sales/sale.ts';
import type { Role } from '#shared/auth/schemas.ts';
import {
  completeOrders,
  type OrderForSale,
  ordersForSale,
} from '../customer-orders/customer-orders.ts';
import { addAccountEntries, chargeProblem, lockAccounts } from '../customers/accounts.ts';
import { customersAmong, tagsOf } from '../customers/customers.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import { type Db, inTransaction, type Tx } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import {
  productChanges,
  products,
  receiptNumbers,
  saleLines,
  saleReturnLines,
  saleReturns,
  sales,
  tills,
} from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { noteLastSales, type ProductRow } from '../products/catalogue-repository.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { lockProducts } from '../products/product-locks.ts';
import { addSalesToReportDays } from '../reports/report-days.ts';
import { insertMovements, stockMoveSteps } from '../stock/ledger.ts';
import { type SaleApproval, saleApprovals } from './approvals.ts';
import { readPaymentSettings } from './payment-settings.ts';

/**
 * Recording a sale. The server prices it from its own records: each line's shelf price, LUC and
 * tax are the product's as they were when the sale was made (the change log tells what they
 * were, when they have changed since), never what the tablet sent; a tablet's differing claim is
 * kept with the sale. The staff discount limit is measured against those shelf prices, and an
 * approval past it is proven by the approver's PIN (approvals.ts). Then, in one transaction, the
 * sale and its lines are stored, its receipt number taken for good, and each product sold moves
 * by a movement with the reason 'Sale' (several lines of one product, one movement), its version
 * and change log with it (the feed other devices follow). Stock may go below 0: two tablets that
 * sold the last bottle offline both keep their sale.
 */
export type SaleRow = typeof sales.$inferSelect;
/** What a sale's answer tells of it: as stored, or as just worked out to be stored. */
export type SaleFigures = Pick<
  SaleRow,
  | 'id'
  | 'receipt'
  | 'madeAt'
  | 'totalCents'
  | 'gstCents'
  | 'discountCents'
  | 'roundingCents'
  | 'changeCents'
  | 'approval'
>;

/** What a stored sale answers: its figures, and the products it sold as they now are. */
interface StoredSale {
  sale: SaleFigures;
  products: ProductRow[];
}

export type SaleOutcome =
  | ({ status: 'recorded' } & StoredSale)
  /** The same sale again (its answer lost), under any key: answered as it was recorded. */
  | ({ status: 'repeated' } & StoredSale)
  /** The totals do not add up, a product is not the shop's: the reason, in words. */
  | { status: 'refused'; message: string }
  /** The id belongs to another sale. */
  | { status: 'taken' }
  /** The receipt number is another sale's or return's. */
  | { status: 'receipt-taken'; receipt: string }
  /** Its discount goes past the staff limit by its own figures, and it brings no approval. */
  | { status: 'unapproved'; limit: number };

/** A sale ready to store: priced by the server, with its claims and its approval decided. */
export interface DecidedSale {
  sale: PricedSale;
  claims: SaleClaim[];
  approval: SaleApproval;
  /** Who it is sold to: the customer the till named, else the order's. */
  customerId: string | null;
}

/** The same sale sent again: same receipt, same total. */
const sameSale = (
  stored: Pick<SaleRow, 'businessId' | 'receipt' | 'totalCents'>,
  businessId: string,
  sale: Sale,
) =>
  stored.businessId === businessId &&
  stored.receipt === sale.receipt &&
  stored.totalCents === sale.total_cents;

/** A priced sale's row: its totals, rounding and change as the server works them out. */
export function saleRowOf(
  sale: PricedSale,
  businessId: string,
  userId: string | null,
  recordedAt: Date,
  decided: Pick<DecidedSale, 'claims' | 'approval' | 'customerId'> = {
    claims: [],
    approval: { status: null },
    customerId: null,
  },
): typeof sales.$inferInsert {
  const totals = totalsOf(sale);
  const settlement = settle(totals.totalCents, tendersOf(sale), cashStepOf(sale));
  const { approval } = decided;
  return {
    id: sale.id,
    businessId,
    receipt: sale.receipt,
    userId,
    madeAt: new Date(sale.made_at),
    recordedAt,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
    discountCents: totals.discountCents,
    roundingCents: settlement.roundingCents,
    changeCents: settlement.changeCents,
    costCents: costOf(sale),
    discount: sale.discount ?? null,
    tenders: sale.tenders,
    shiftId: sale.shift_id ?? null,
    approval: approval.status,
    approvedBy: approval.status === null ? null : (approval.approverId ?? null),
    approvalProblem: approval.status === 'not-confirmed' ? approval.problem : null,
    claims: decided.claims.length > 0 ? decided.claims : null,
    customerId: decided.customerId,
    customerOrderId: sale.customer_order_id ?? null,
  };
}

/** Its lines' rows: the name each product had, the price, shelf price and LUC, the net. */
/** What a line keeps of its product as it was when sold: its name, category and producer. */
export interface SoldAs {
  name: string;
  category: string;
  producer: string;
}

export function lineRowsOf(
  sale: PricedSale,
  soldAs: (productId: number) => SoldAs,
): (typeof saleLines.$inferInsert)[] {
  const totals = totalsOf(sale);
  const gst = gstShares(
    sale.lines.map((line, index) => ({
      cents: totals.lines[index]?.netCents ?? 0,
      taxable: line.taxable,
      order: index,
    })),
    totals.gstCents,
  );
  return sale.lines.map((line, index) => ({
    saleId: sale.id,
    lineNo: index + 1,
    productId: line.product_id,
    ...soldAs(line.product_id),
    quantity: line.quantity,
    unitCents: line.unit_cents,
    shelfCents: line.shelf_cents,
    lucCents: line.luc_cents,
    taxable: line.taxable,
    discount: line.discount ?? null,
    netCents: totals.lines[index]?.netCents ?? 0,
    gstCents: gst[index] ?? 0,
  }));
}

/** Units of each product a sale sells (several lines of one product add up: one movement). */
export function unitsByProduct(sale: Pick<Sale, 'lines'>): Map<number, number> {
  const sold = new Map<number, number>();
  for (const line of sale.lines) {
    sold.set(line.product_id, (sold.get(line.product_id) ?? 0) + line.quantity);
  }
  return sold;
}

/** The change log's keys of the product fields a sale is priced by. */
const PRICED_FIELDS = {
  shelf: 'list_price',
  luc: 'luc',
  gst: 'gst',
  category: 'tax_category',
} as const;

/**
 * What the products `ids` of the business were at any moment since `since`: their rows, locked
 * (in id order, as every write of several products locks them: no deadlock between two tills
 * selling the same bottles), and the edits of their price, LUC and GST after `since`, read in
 * the same transaction. `termsAt` answers a product's terms at a moment: each field as the first
 * edit after that moment found it (its value before), else as it is now; a product made after
 * that moment, as it was made. Undefined for a product that is not the business's.
 */
async function saleTermsOf(tx: Tx, businessId: string, ids: readonly number[], since: Date) {
  const rows = await lockProducts(tx, businessId, ids);
  const edits = rows.length
    ? resultRows<{
        product_id: number;
        kind: string;
        at: string | Date;
        fields: Record<string, [unknown, unknown]>;
      }>(
        await tx.execute(sql`
          select product_id, kind, fields, at from ${productChanges}
          where business_id = ${businessId} and kind <> 'stock' and at > ${since}
            and product_id = any(${pgArray(rows.map((row) => row.id))}::int[])
            and fields ?| ${textArray(Object.values(PRICED_FIELDS))}::text[]
          order by product_id, product_version`),
      )
    : [];
  const history = new Map<
    number,
    { kind: string; at: number; fields: Record<string, [unknown, unknown]> }[]
  >();
  for (const edit of edits) {
    const list = history.get(edit.product_id) ?? [];
    list.push({ kind: edit.kind, at: new Date(edit.at).getTime(), fields: edit.fields });
    history.set(edit.product_id, list);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cents = (value: unknown) => centsOf(Number(value ?? 0));
  return {
    rows: byId,
    termsAt(productId: number, moment: string): SaleTerms | undefined {
      const row = byId.get(productId);
      if (!row) return undefined;
      const at = Date.parse(moment);
      const later = (history.get(productId) ?? []).filter((edit) => edit.at > at);
      const asAt = (key: string, now: unknown) => {
        const first = later.find((edit) => key in edit.fields);
        if (!first) return now;
        const [before, after] = first.fields[key] ?? [now, now];
        return first.kind === 'create' ? after : before;
      };
      return {
        shelfCents: cents(asAt(PRICED_FIELDS.shelf, row.listPrice)),
        lucCents: cents(asAt(PRICED_FIELDS.luc, row.luc)),
        taxable: isTaxedAtTill(
          asAt(PRICED_FIELDS.category, row.taxCategory),
          cents(asAt(PRICED_FIELDS.gst, row.gst)),
        ),
      };
    },
  };
}

type Decision = DecidedSale | Extract<SaleOutcome, { status: 'refused' | 'unapproved' }>;

/**
 * What a sale says of a customer and an order, checked: the customer is the shop's, the order
 * is the shop's and still to hand over (and not handed over by an earlier sale of the batch).
 * The problem in words, or the customer it is sold to and the order it completes.
 */
function checkCustomer(
  sale: Sale,
  customers: ReadonlyMap<string, string>,
  orders: ReadonlyMap<string, OrderForSale>,
  completing: Set<string>,
): { message: string } | { customerId: string | null; order: OrderForSale | undefined } {
  const named = sale.customer_id ? customers.get(sale.customer_id) : undefined;
  if (sale.customer_id && !named) return { message: SALE_MESSAGES.unknownCustomer };
  if (!sale.customer_order_id) return { customerId: named ?? null, order: undefined };
  const order = orders.get(sale.customer_order_id);
  if (!order) return { message: SALE_MESSAGES.unknownOrder };
  const status = completing.has(sale.customer_order_id) ? handedOver(order.kind) : order.status;
  if (!RESERVING.has(status)) {
    return {
      message: SALE_MESSAGES.orderClosed(order.number, ORDER_STATUS_LABELS[status].toLowerCase()),
    };
  }
  return { customerId: named ?? order.customerId, order };
}

/**
 * Prices and checks sales of one seller, in the caller's transaction: the arithmetic, the
 * products (the shop's, priced as they were at each sale; a product on the customer order it
 * completes, at the order's price), the customer and order it names, and the approval past the
 * staff limit. One read of the products, orders, customers and the shop's settings for them all.
 */
async function decideSales(
  tx: Tx,
  context: WriteContext & { role: Role },
  batch: readonly Sale[],
): Promise<{ decisions: Decision[]; soldAs: (productId: number) => SoldAs }> {
  const since = new Date(Math.min(...batch.map((sale) => Date.parse(sale.made_at))));
  const ids = [...new Set(batch.flatMap((sale) => [...unitsByProduct(sale).keys()]))];
  const named = (key: 'customer_id' | 'customer_order_id') => [
    ...new Set(batch.flatMap((sale) => sale[key] ?? [])),
  ];
  const orders = await ordersForSale(tx, context.businessId, named('customer_order_id'));
  const customers = await customersAmong(tx, context.businessId, named('customer_id'));
  const terms = await saleTermsOf(tx, context.businessId, ids, since);
  const { discountLimitPercent, tagDiscounts } = await readPaymentSettings(tx, context.businessId);
  // A customer's tag discount (Wine club 10 %) is within what any seller may give them.
  const tags =
    tagDiscounts.length > 0
      ? await tagsOf(tx, context.businessId, [
          ...new Set([...customers.values(), ...[...orders.values()].map((o) => o.customerId)]),
        ])
      : new Map<string, string[]>();
  const limitFor = (customerId: string | null) =>
    Math.max(
      discountLimitPercent,
      tagDiscountOf(customerId ? (tags.get(customerId) ?? []) : [], tagDiscounts)?.percent ?? 0,
    );
  // The accounts the batch charges, locked: each charge is checked against what is left of the
  // limit after the ones before it.
  const accounts = await lockAccounts(tx, context.businessId, [
    ...new Set(
      batch.flatMap((sale) => {
        if (onAccountCents(sale) === 0) return [];
        const named = sale.customer_id ? customers.get(sale.customer_id) : undefined;
        const order = sale.customer_order_id ? orders.get(sale.customer_order_id) : undefined;
        return named ?? order?.customerId ?? [];
      }),
    ),
  ]);
  const completing = new Set<string>();
  const decisions: Decision[] = [];
  for (const sale of batch) {
    const problem = checkSale(sale);
    if (problem) {
      decisions.push({ status: 'refused', message: problem });
      continue;
    }
    const party = checkCustomer(sale, customers, orders, completing);
    if ('message' in party) {
      decisions.push({ status: 'refused', message: party.message });
      continue;
    }
    const { order } = party;
    const priced = priceSale(sale, (id) => {
      const now = terms.termsAt(id, sale.made_at);
      const agreed = order?.prices.get(id);
      return now && agreed !== undefined ? { ...now, shelfCents: agreed } : now;
    });
    if ('unknown' in priced) {
      decisions.push({ status: 'refused', message: SALE_MESSAGES.unknownProduct(priced.unknown) });
      continue;
    }
    const large = checkPriced(priced.priced);
    if (large) {
      decisions.push({ status: 'refused', message: large });
      continue;
    }
    const limit = limitFor(party.customerId);
    const approval = await saleApprovals(
      tx,
      context.businessId,
      context.role,
      limit,
    )(sale, priced.priced, context.now);
    if ('refused' in approval) {
      decisions.push({ status: 'unapproved', limit });
      continue;
    }
    const charged = onAccountCents(sale);
    const account = party.customerId ? accounts.get(party.customerId) : undefined;
    const overdrawn = chargeProblem(account, charged);
    if (overdrawn) {
      decisions.push({ status: 'refused', message: overdrawn });
      continue;
    }
    if (account) account.balanceCents += charged;
    if (sale.customer_order_id) completing.add(sale.customer_order_id);
    decisions.push({
      sale: priced.priced,
      claims: priced.claims,
      approval,
      customerId: party.customerId,
    });
  }
  // Lines keep the name the product had, with its vintage and size (receipts, returns and
  // reports read it so), and its category and producer then (the reports group by them).
  const soldAs = (id: number): SoldAs => {
    const row = terms.rows.get(id);
    return row
      ? {
          name: displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottleMl }),
          category: row.category ?? '',
          producer: row.producer,
        }
      : { name: '', category: '', producer: '' };
  };
  return { decisions, soldAs };
}

/** The outcome for a sale whose id is stored already: the same sale again, or another's id. */
async function storedAs(
  tx: Tx,
  businessId: string,
  sale: Sale,
): Promise<Extract<SaleOutcome, { status: 'repeated' | 'taken' }> | null> {
  const [stored] = await tx.select().from(sales).where(eq(sales.id, sale.id));
  if (!stored) return null;
  if (!sameSale(stored, businessId, sale)) return { status: 'taken' };
  const sold = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        inArray(products.id, [...unitsByProduct(sale).keys()]),
      ),
    );
  return { status: 'repeated', sale: stored, products: sold };
}

/**
 * Sales of one seller (one sent alone, or a replay's batch), in one transaction: each answer is
 * that sale's outcome. Those that pass every check are stored together by one statement. A sale
 * whose id or receipt number an earlier one of the batch names answers null: it is recorded
 * alone after, as if sent by itself.
 */
export async function recordSales(
  db: Db,
  context: WriteContext & { role: Role },
  batch: readonly Sale[],
): Promise<(SaleOutcome | null)[]> {
  if (batch.length === 0) return [];
  return inTransaction(db, async (tx) => {
    const named = new Set<string>();
    const first = batch.map((sale) => {
      const alone = !named.has(sale.id) && !named.has(sale.receipt);
      named.add(sale.id);
      named.add(sale.receipt);
      return alone;
    });
    const storedIds = new Set(
      (
        await tx
          .select({ id: sales.id })
          .from(sales)
          .where(
            inArray(
              sales.id,
              batch.map((sale) => sale.id),
            ),
          )
      ).map((row) => row.id),
    );
    // A sale already stored (sent again, its answer lost, under any key) is answered as it was,
    // before anything is checked again: the tablet's figures were taken then.
    const fresh = batch.filter((sale, index) => first[index] && !storedIds.has(sale.id));
    const decided = fresh.length > 0 ? await decideSales(tx, context, fresh) : null;
    const decisionOf = new Map(
      fresh.map((sale, index) => [sale, decided?.decisions[index] as Decision]),
    );
    const ready = [...decisionOf.values()].filter(
      (decision): decision is DecidedSale => !('status' in decision),
    );
    const { stored, products: sold } =
      decided && ready.length > 0
        ? await storeSales(tx, context, ready, decided.soldAs)
        : { stored: new Map<string, SaleFigures>(), products: [] };
    await addSalesToReportDays(tx, context.businessId, [...stored.keys()]);
    const productsById = new Map(sold.map((product) => [product.id, product]));
    const outcomes: (SaleOutcome | null)[] = [];
    for (const [index, sale] of batch.entries()) {
      if (!first[index]) {
        outcomes.push(null);
        continue;
      }
      const decision = decisionOf.get(sale);
      if (decision && 'status' in decision) {
        outcomes.push(decision);
        continue;
      }
      const figures = stored.get(sale.id);
      if (figures) {
        const mine = [...unitsByProduct(sale).keys()].flatMap((id) => productsById.get(id) ?? []);
        outcomes.push({ status: 'recorded', sale: figures, products: mine });
        continue;
      }
      // Stored before, or its receipt number was taken: by this same sale, sent at the same
      // moment under another key (answered as the other was), or by another sale or return.
      outcomes.push(
        (await storedAs(tx, context.businessId, sale)) ?? {
          status: 'receipt-taken',
          receipt: sale.receipt,
        },
      );
    }
    return outcomes;
  });
}

/**
 * The one statement that stores decided sales: each takes its receipt number (a number another
 * sale or return holds leaves the sale unstored), and is stored with its lines (named by
 * `soldAs`, as their products are now), its 'Sale' movements and the stock they move. Their
 * products are locked already (decideSales). Answers the figures of those stored and the
 * products sold as they now are.
 */
async function storeSales(
  tx: Tx,
  context: WriteContext,
  batch: readonly DecidedSale[],
  soldAs: (productId: number) => SoldAs,
) {
  const rows = batch.map((decided) =>
    saleRowOf(decided.sale, context.businessId, context.userId, context.now, decided),
  );
  const lines = batch.flatMap(({ sale }) => lineRowsOf(sale, soldAs));
  const moves = batch.flatMap(({ sale }) =>
    [...unitsByProduct(sale)].map(([productId, quantity]) => ({
      saleId: sale.id,
      productId,
      delta: -quantity,
      movementId: randomUUID(),
    })),
  );
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const result = await tx.execute(sql`
    with offered as (
      select * from unnest(
        ${pgArray(rows.map((row) => row.id as string))}::uuid[],
        ${textArray(rows.map((row) => row.receipt))}::text[],
        ${textArray(rows.map((row) => row.madeAt.toISOString()))}::timestamptz[],
        ${pgArray(rows.map((row) => row.totalCents))}::int[],
        ${pgArray(rows.map((row) => row.gstCents))}::int[],
        ${pgArray(rows.map((row) => row.discountCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.roundingCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.changeCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.costCents ?? 0))}::int[],
        ${textArray(rows.map((row) => json(row.discount)))}::jsonb[],
        ${textArray(rows.map((row) => json(row.tenders)))}::jsonb[],
        ${textArray(rows.map((row) => row.shiftId ?? null))}::uuid[],
        ${textArray(rows.map((row) => row.approval ?? null))}::text[],
        ${textArray(rows.map((row) => row.approvedBy ?? null))}::uuid[],
        ${textArray(rows.map((row) => row.approvalProblem ?? null))}::text[],
        ${textArray(rows.map((row) => json(row.claims)))}::jsonb[],
        ${textArray(rows.map((row) => row.customerId ?? null))}::uuid[],
        ${textArray(rows.map((row) => row.customerOrderId ?? null))}::uuid[]
      ) as s(id, receipt, made_at, total_cents, gst_cents, discount_cents, rounding_cents,
        change_cents, cost_cents, discount, tenders, shift_id, approval, approved_by,
        approval_problem, claims, customer_id, customer_order_id)
    ),
    claimed as (
      insert into ${receiptNumbers} (business_id, receipt, sale_id)
      select ${context.businessId}, s.receipt, s.id from offered as s
      where not exists (select 1 from ${sales} where id = s.id)
      on conflict do nothing
      returning receipt
    ),
    sale as (
      insert into ${sales}
        (id, business_id, receipt, user_id, made_at, recorded_at, total_cents, gst_cents,
         discount_cents, rounding_cents, change_cents, cost_cents, discount, tenders, shift_id,
         approval, approved_by, approval_problem, claims, customer_id, customer_order_id)
      select s.id, ${context.businessId}, s.receipt, ${context.userId}, s.made_at,
        ${context.now}, s.total_cents, s.gst_cents, s.discount_cents, s.rounding_cents,
        s.change_cents, s.cost_cents, s.discount, s.tenders, s.shift_id, s.approval,
        s.approved_by, s.approval_problem, s.claims, s.customer_id, s.customer_order_id
      from offered as s join claimed on claimed.receipt = s.receipt
      on conflict do nothing
      returning id, receipt, made_at
    ),
    lines as (
      insert into ${saleLines}
        (sale_id, line_no, product_id, name, quantity, unit_cents, shelf_cents, luc_cents,
         taxable, discount, net_cents, gst_cents, category, producer)
      select l.sale_id, l.line_no, l.product_id, l.name, l.quantity, l.unit_cents,
        l.shelf_cents, l.luc_cents, l.taxable::boolean, l.discount, l.net_cents, l.gst_cents,
        l.category, l.producer
      from unnest(
        ${pgArray(lines.map((line) => line.saleId))}::uuid[],
        ${pgArray(lines.map((line) => line.lineNo))}::int[],
        ${pgArray(lines.map((line) => line.productId ?? 0))}::int[],
        ${textArray(lines.map((line) => line.name))}::text[],
        ${pgArray(lines.map((line) => line.quantity))}::int[],
        ${pgArray(lines.map((line) => line.unitCents))}::int[],
        ${pgArray(lines.map((line) => line.shelfCents ?? 0))}::int[],
        ${pgArray(lines.map((line) => line.lucCents))}::int[],
        ${pgArray(lines.map((line) => (line.taxable ? 1 : 0)))}::int[],
        ${textArray(lines.map((line) => json(line.discount)))}::jsonb[],
        ${pgArray(lines.map((line) => line.netCents))}::int[],
        ${pgArray(lines.map((line) => line.gstCents ?? 0))}::int[],
        ${textArray(lines.map((line) => line.category ?? ''))}::text[],
        ${textArray(lines.map((line) => line.producer ?? ''))}::text[]
      ) as l(sale_id, line_no, product_id, name, quantity, unit_cents, shelf_cents, luc_cents,
        taxable, discount, net_cents, gst_cents, category, producer)
      join sale on sale.id = l.sale_id
    ),
    ${stockMoveSteps(
      context,
      sql`select m.product_id, m.delta, m.movement_id, sale.receipt, sale.made_at
        from unnest(
          ${pgArray(moves.map((move) => move.saleId))}::uuid[],
          ${pgArray(moves.map((move) => move.productId))}::int[],
          ${pgArray(moves.map((move) => move.delta))}::int[],
          ${pgArray(moves.map((move) => move.movementId))}::uuid[]
        ) as m(sale_id, product_id, delta, movement_id)
        join sale on sale.id = m.sale_id`,
    )},
    movements as (${insertMovements(
      context,
      sql`select movement_id, product_id, delta, ${SALE_REASON}::text as reason,
        receipt as note, made_at from moves`,
    )})
    select coalesce((select array_agg(id::text) from sale), '{}') as stored`);
  const [answered] = resultRows<{ stored: string[] }>(result);
  const storedIds = new Set(answered?.stored ?? []);
  const stored = rows.filter((row) => storedIds.has(row.id as string));
  await completeOrders(
    tx,
    context,
    stored.flatMap((row) =>
      row.customerOrderId
        ? [{ orderId: row.customerOrderId, saleId: row.id as string, receipt: row.receipt }]
        : [],
    ),
  );
  // What each sale put on its customer's account is an entry of it, under the sale's id.
  const byId = new Map(batch.map(({ sale }) => [sale.id, sale]));
  await addAccountEntries(
    tx,
    context,
    stored.flatMap((row) => {
      const sale = byId.get(row.id as string);
      const cents = sale ? onAccountCents(sale) : 0;
      return cents > 0 && row.customerId
        ? [
            {
              id: row.id as string,
              customerId: row.customerId,
              kind: 'sale' as const,
              amountCents: cents,
              madeAt: row.madeAt,
              receipt: row.receipt,
              customerOrderId: row.customerOrderId ?? null,
              shiftId: row.shiftId ?? null,
            },
          ]
        : [];
    }),
  );
  const soldAt = new Map(stored.map((row) => [row.id as string, row.madeAt]));
  const sold = moves.flatMap(({ saleId, productId }) => {
    const madeAt = soldAt.get(saleId);
    return madeAt ? [{ productId, madeAt }] : [];
  });
  return {
    stored: new Map(stored.map((row) => [row.id as string, row as SaleFigures])),
    // Each product sold as it now is: its stock moved, its Last Sale Date on.
    products: await noteLastSales(tx, context.businessId, sold),
  };
}

/**
 * A product's sales (net of discounts and of units that came back) this month and in each of the
 * last 12 months, by the
 * calendar of `timeZone` (the asker's: a shop's month ends at its own midnight).
 */
export async function productSales(
  db: Db,
  businessId: string,
  productId: number,
  timeZone: string,
  now: Date,
) {
  const result = await db.execute(sql`
    with months as (
      select to_char(month, 'YYYY-MM') as month
      from generate_series(
        date_trunc('month', ${now}::timestamptz at time zone ${timeZone}) - interval '11 months',
        date_trunc('month', ${now}::timestamptz at time zone ${timeZone}),
        interval '1 month') as month
    ),
    since as (
      select (date_trunc('month', ${now}::timestamptz at time zone ${timeZone})
        - interval '11 months') at time zone ${timeZone} as start
    ),
    moved as (
      select s.made_at, l.quantity, l.net_cents
      from since, ${saleLines} l join ${sales} s on s.id = l.sale_id
      where s.business_id = ${businessId} and l.product_id = ${productId}
        and s.made_at >= since.start
      union all
      -- Units that came back, in the month they came back (as the dashboard's refunds).
      select r.made_at, -rl.quantity, -rl.refund_cents
      from since, ${saleReturns} r
        join ${saleReturnLines} rl on rl.return_id = r.id
        join ${saleLines} l on l.sale_id = r.sale_id and l.line_no = rl.line_no
      where r.business_id = ${businessId} and l.product_id = ${productId}
        and r.made_at >= since.start
    ),
    sold as (
      select to_char(date_trunc('month', made_at at time zone ${timeZone}), 'YYYY-MM') as month,
        sum(quantity)::int as units, sum(net_cents)::int as revenue_cents
      from moved
      group by 1
    )
    select months.month, coalesce(sold.units, 0)::int as units,
      coalesce(sold.revenue_cents, 0)::int as revenue_cents
    from months left join sold on sold.month = months.month
    order by months.month`);
  const months = (
    result as unknown as { rows: { month: string; units: number; revenue_cents: number }[] }
  ).rows.map((row) => ({
    month: row.month,
    units: Number(row.units),
    revenue_cents: Number(row.revenue_cents),
  }));
  const last = months.at(-1) ?? { units: 0, revenue_cents: 0 };
  return {
    month: { units: last.units, revenue_cents: last.revenue_cents },
    year: months.reduce(
      (total, month) => ({
        units: total.units + month.units,
        revenue_cents: total.revenue_cents + month.revenue_cents,
      }),
      { units: 0, revenue_cents: 0 },
    ),
    months,
  };
}

/**
 * The till code of a tablet: the one it was given before, else the next free one. The business's
 * codes are given one at a time (a lock), so two tablets asking at once get two codes.
 */
export async function tillCode(
  db: Db,
  businessId: string,
  deviceId: string,
): Promise<{ code: string; status: 'given' | 'known' }> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.tills, businessId);
    const given = await tx
      .select({ code: tills.code, deviceId: tills.deviceId })
      .from(tills)
      .where(eq(tills.businessId, businessId));
    const mine = given.find((till) => till.deviceId === deviceId);
    if (mine) return { code: mine.code, status: 'known' };
    const code = nextTillCode(given.map((till) => till.code));
    await tx.insert(tills).values({ businessId, code, deviceId });
    return { code, status: 'given' };
  });
}
