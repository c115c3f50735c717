import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ALERT_LOOKBACK_DAYS,
  ALERTS_LISTED_PER_KIND,
  type Alert,
  type AlertKind,
  type AlertsAnswer,
  keyOf,
  kindOfKey,
} from '#domains/alerts/alert.ts';
import { displayName } from '#domains/products/display-name.ts';
import { formatCents } from '#domains/sales/money.ts';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { can, type Permission } from '#shared/auth/permissions.ts';
import type { Caller } from '../auth/access-tokens.ts';
import { reservedStock } from '../customer-orders/customer-orders.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import type { Db } from '../db/client.ts';
import {
  alertDismissals,
  customerOrders,
  customers,
  products,
  purchaseOrders,
  shifts,
  stockMovements,
  stocktakes,
  suppliers,
} from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { readInventorySettings } from '../preferences/inventory-settings-repository.ts';

/**
 * The alerts that stand for the caller now (#domains/alerts/alert.ts), worked out from the
 * business's records: stock against the caller's low-stock threshold on available stock (on
 * hand less what open orders set aside), today's orders not ready (today by the shop's clock),
 * purchase orders past their expected day, and for managers and owners, shifts closed with a
 * cash variance and counts with variances past the caller's threshold in the last week.
 * What the caller dismissed or snoozed is left out; their dismissals of alerts that no longer
 * stand are forgotten.
 */
export async function alertsFor(
  db: Db,
  caller: Caller,
  today: string,
  now: Date,
): Promise<AlertsAnswer> {
  const [settings, dismissals] = await Promise.all([
    readInventorySettings(db, caller.userId),
    db
      .select({ key: alertDismissals.key, until: alertDismissals.until })
      .from(alertDismissals)
      .where(
        and(
          eq(alertDismissals.userId, caller.userId),
          eq(alertDismissals.businessId, caller.businessId),
        ),
      ),
  ]);
  const hidden = new Set(
    dismissals.filter((row) => row.until === null || row.until > now).map((row) => row.key),
  );
  const threshold = settings.stockManagement.lowStockThreshold;
  const since = new Date(now.getTime() - ALERT_LOOKBACK_DAYS * 24 * 3_600_000);
  // The kinds the person turned off are not worked out at all.
  const off = new Set<AlertKind>(settings.notifications.alertKindsOff);
  const wanted = (kind: AlertKind, permission?: Permission) =>
    !off.has(kind) && (permission === undefined || can(caller.role, permission));
  const [stock, due, overdue, variances, counts] = await Promise.all([
    stockAlerts(db, caller.businessId, threshold, hidden, off),
    wanted('order-due') ? ordersDue(db, caller.businessId, today) : [],
    wanted('purchase-overdue', 'purchasing.manage')
      ? purchasesOverdue(db, caller.businessId, today)
      : [],
    wanted('cash-variance', 'sales.refund') ? cashVariances(db, caller.businessId, since) : [],
    wanted('count-variance', 'stocktake.manage')
      ? countVariances(db, caller.businessId, since, settings.notifications.countVarianceThreshold)
      : [],
  ]);
  const others = [...due, ...overdue, ...variances, ...counts];
  await forgetDismissals(db, caller, dismissals, others, threshold, now, off);
  const alerts: Alert[] = [...stock.listed];
  const more: Partial<Record<AlertKind, number>> = { ...stock.more };
  const listed = new Map<AlertKind, number>();
  for (const alert of others) {
    if (hidden.has(alert.key)) continue;
    const count = listed.get(alert.kind) ?? 0;
    if (count < ALERTS_LISTED_PER_KIND) alerts.push(alert);
    else more[alert.kind] = (more[alert.kind] ?? 0) + 1;
    listed.set(alert.kind, count + 1);
  }
  return { as_of: now.toISOString(), alerts, more };
}

/** A product's stock alert, if it has one: the most severe that holds. */
const STOCK_KIND = sql`case
  when p.stock_quantity < 0 then 'negative-stock'
  when p.stock_quantity - coalesce(r.units, 0) <= 0 then 'out-of-stock'
  else 'low-stock' end`;
const STOCK_KINDS: readonly AlertKind[] = ['negative-stock', 'out-of-stock', 'low-stock'];

/**
 * The caller's dismissals that no longer hide anything: snoozes past their time, and dismissals
 * of alerts that no longer stand (so that one that comes back is shown again). A stock alert is
 * looked up by its product alone: the whole list is never needed for it.
 */
async function forgetDismissals(
  db: Db,
  caller: Caller,
  dismissals: readonly { key: string; until: Date | null }[],
  others: readonly Alert[],
  threshold: number,
  now: Date,
  off: ReadonlySet<AlertKind>,
) {
  if (dismissals.length === 0) return;
  // A kind turned off was not worked out: its dismissals are kept for when it is on again.
  const kept = dismissals
    .filter((row) => row.until === null && !off.has(kindOfKey(row.key)))
    .map((row) => row.key);
  const stockIds = kept
    .filter((key) => STOCK_KINDS.includes(kindOfKey(key)))
    .map((key) => Number(key.slice(key.indexOf(':') + 1)))
    .filter(Number.isSafeInteger);
  const stockStanding =
    stockIds.length === 0
      ? []
      : resultRows<{ key: string }>(
          await db.execute(sql`
            select ${STOCK_KIND} || ':' || p.id as key
            from ${products} p left join (${reservedStock(caller.businessId)}) r
              on r.product_id = p.id
            where p.business_id = ${caller.businessId}
              and p.id = any(${pgArray(stockIds)}::int[])
              and p.stock_quantity - coalesce(r.units, 0) <= ${threshold}`),
        ).map((row) => row.key);
  const standing = new Set([...stockStanding, ...others.map((alert) => alert.key)]);
  const gone = kept.filter((key) => !standing.has(key));
  const over = dismissals.some((row) => row.until !== null && row.until <= now);
  if (gone.length > 0) {
    await db
      .delete(alertDismissals)
      .where(
        and(
          eq(alertDismissals.userId, caller.userId),
          inArray(alertDismissals.key, gone),
          isNull(alertDismissals.until),
        ),
      );
  }
  if (over) {
    await db
      .delete(alertDismissals)
      .where(and(eq(alertDismissals.userId, caller.userId), lte(alertDismissals.until, now)));
  }
}

const units = (n: number) => `${n} ${Math.abs(n) === 1 ? 'unit' : 'units'}`;

/**
 * Stock alerts, worked out by the database: each product at or under the threshold on
 * available stock gets its kind, those the caller hides are left out, and of each kind the
 * first ALERTS_LISTED_PER_KIND (least available first) come back with how many there are.
 */
async function stockAlerts(
  db: Db,
  businessId: string,
  threshold: number,
  hidden: ReadonlySet<string>,
  off: ReadonlySet<AlertKind>,
): Promise<{ listed: Alert[]; more: Partial<Record<AlertKind, number>> }> {
  if (STOCK_KINDS.every((kind) => off.has(kind))) return { listed: [], more: {} };
  const rows = resultRows<{
    id: number;
    name: string;
    vintage: string | null;
    bottle_ml: string | null;
    on_hand: number;
    reserved: number;
    kind: AlertKind;
    of_kind: number;
  }>(
    await db.execute(sql`
      with standing as (
        select p.id, p.name, p.vintage, p.bottle_ml, p.stock_quantity as on_hand,
          coalesce(r.units, 0)::int as reserved, ${STOCK_KIND} as kind
        from ${products} p left join (${reservedStock(businessId)}) r on r.product_id = p.id
        where p.business_id = ${businessId}
          and p.stock_quantity - coalesce(r.units, 0) <= ${threshold}
      ),
      shown as (
        select *,
          row_number() over (partition by kind
            order by on_hand - reserved, lower(name), id) as place,
          count(*) over (partition by kind)::int as of_kind
        from standing
        where not (kind || ':' || id = any(${textArray([...hidden])}::text[]))
          and kind <> all(${textArray([...off])}::text[])
      )
      select id, name, vintage, bottle_ml, on_hand, reserved, kind, of_kind
      from shown where place <= ${ALERTS_LISTED_PER_KIND}
      order by kind, place`),
  );
  const more: Partial<Record<AlertKind, number>> = {};
  for (const row of rows) {
    const beyond = Number(row.of_kind) - ALERTS_LISTED_PER_KIND;
    if (beyond > 0) more[row.kind] = beyond;
  }
  const listed = rows.map((row): Alert => {
    const onHand = Number(row.on_hand);
    const reserved = Number(row.reserved);
    const available = onHand - reserved;
    const kind = row.kind;
    const setAside = reserved > 0 ? ` (${units(reserved)} set aside for orders)` : '';
    const detail =
      kind === 'negative-stock'
        ? `${units(onHand)} on hand: more was sold or moved than was counted in`
        : kind === 'out-of-stock'
          ? `${units(Math.max(available, 0))} available${setAside}`
          : `${units(available)} available${setAside}, at or under your threshold of ${threshold}`;
    return {
      key: keyOf(kind, row.id),
      kind,
      title: displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml }),
      detail,
      at: null,
      // Negative stock is a count to correct; the rest is a reorder to make.
      href:
        kind === 'negative-stock'
          ? `/inventory?product=${row.id}&open=adjust`
          : '/purchasing?tab=suggestions',
      action: kind === 'negative-stock' ? 'Adjust stock' : 'Reorder',
    };
  });
  return { listed, more };
}

async function ordersDue(db: Db, businessId: string, today: string): Promise<Alert[]> {
  const rows = await db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      customer: customers.name,
      kind: customerOrders.kind,
      windowFrom: customerOrders.windowFrom,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.businessId, businessId),
        eq(customerOrders.dueOn, today),
        eq(customerOrders.status, 'open'),
      ),
    )
    .orderBy(sql`coalesce(${customerOrders.windowFrom}, '99:99')`, customerOrders.number);
  return rows.map((row) => ({
    key: keyOf('order-due', row.id),
    kind: 'order-due',
    title: `${row.number} · ${row.customer}`,
    detail: `${row.kind === 'delivery' ? 'Delivery' : 'Pickup'} today${row.windowFrom ? ` from ${row.windowFrom}` : ''}, not marked ready`,
    at: null,
    href: `/orders?order=${row.id}`,
    action: 'Open the order',
  }));
}

async function purchasesOverdue(db: Db, businessId: string, today: string): Promise<Alert[]> {
  const rows = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplier: suppliers.name,
      expectedOn: purchaseOrders.expectedOn,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(
      and(
        eq(purchaseOrders.businessId, businessId),
        inArray(purchaseOrders.status, ['sent', 'partly_received']),
        sql`${purchaseOrders.expectedOn} < ${today}`,
      ),
    )
    .orderBy(purchaseOrders.expectedOn, purchaseOrders.number);
  return rows.map((row) => ({
    key: keyOf('purchase-overdue', row.id),
    kind: 'purchase-overdue',
    title: `${row.number} · ${row.supplier}`,
    detail: `Expected ${row.expectedOn}, not yet received in full`,
    at: null,
    href: `/purchasing?tab=orders&order=${row.id}`,
    action: 'Open the order',
  }));
}

async function cashVariances(db: Db, businessId: string, since: Date): Promise<Alert[]> {
  const rows = await db
    .select({
      id: shifts.id,
      till: shifts.till,
      closedAt: shifts.closedAt,
      counted: shifts.countedCents,
      expected: shifts.expectedCents,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.businessId, businessId),
        sql`${shifts.closedAt} >= ${since}`,
        sql`${shifts.countedCents} <> ${shifts.expectedCents}`,
      ),
    )
    .orderBy(shifts.closedAt);
  return rows.map((row) => {
    const variance = (row.counted ?? 0) - (row.expected ?? 0);
    return {
      key: keyOf('cash-variance', row.id),
      kind: 'cash-variance',
      title: `Till ${row.till}`,
      detail: `Shift closed ${variance > 0 ? 'over' : 'short'} by ${formatCents(Math.abs(variance))}: ${formatCents(row.counted ?? 0)} counted, ${formatCents(row.expected ?? 0)} expected`,
      at: row.closedAt?.toISOString() ?? null,
      href: '/pos',
      action: 'Open the POS',
    };
  });
}

async function countVariances(
  db: Db,
  businessId: string,
  since: Date,
  threshold: number,
): Promise<Alert[]> {
  const rows = await db
    .select({
      id: stocktakes.id,
      name: stocktakes.name,
      closedAt: stocktakes.closedAt,
      products: sql<number>`count(${stockMovements.id})::int`,
    })
    .from(stocktakes)
    .innerJoin(
      stockMovements,
      and(
        eq(stockMovements.businessId, stocktakes.businessId),
        eq(stockMovements.reason, COUNT_CORRECTION),
        eq(stockMovements.note, stocktakes.name),
        eq(stockMovements.madeAt, stocktakes.closedAt),
        sql`abs(${stockMovements.delta}) > ${threshold}`,
      ),
    )
    .where(
      and(
        eq(stocktakes.businessId, businessId),
        eq(stocktakes.status, 'closed'),
        sql`${stocktakes.closedAt} >= ${since}`,
      ),
    )
    .groupBy(stocktakes.id, stocktakes.name, stocktakes.closedAt)
    .orderBy(stocktakes.closedAt);
  return rows.map((row) => ({
    key: keyOf('count-variance', row.id),
    kind: 'count-variance',
    title: row.name,
    detail: `${row.products} ${row.products === 1 ? 'product was' : 'products were'} off by more than ${units(threshold)}`,
    at: row.closedAt?.toISOString() ?? null,
    href: '/inventory?tab=batch',
    action: 'Open stocktakes',
  }));
}
