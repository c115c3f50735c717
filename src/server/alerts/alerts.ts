import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ALERT_LOOKBACK_DAYS,
  ALERTS_LISTED_PER_KIND,
  type Alert,
  type AlertKind,
  type AlertsAnswer,
  keyOf,
} from '#domains/alerts/alert.ts';
import { displayName } from '#domains/products/display-name.ts';
import { formatCents } from '#domains/sales/money.ts';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { can } from '#shared/auth/permissions.ts';
import type { Caller } from '../auth/access-tokens.ts';
import { reservedStock } from '../customer-orders/customer-orders.ts';
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
  const settings = await readInventorySettings(db, caller.userId);
  const since = new Date(now.getTime() - ALERT_LOOKBACK_DAYS * 24 * 3_600_000);
  const [stock, due, overdue, variances, counts] = await Promise.all([
    stockAlerts(db, caller.businessId, settings.stockManagement.lowStockThreshold),
    ordersDue(db, caller.businessId, today),
    can(caller.role, 'purchasing.manage') ? purchasesOverdue(db, caller.businessId, today) : [],
    can(caller.role, 'sales.refund') ? cashVariances(db, caller.businessId, since) : [],
    can(caller.role, 'stocktake.manage')
      ? countVariances(db, caller.businessId, since, settings.notifications.countVarianceThreshold)
      : [],
  ]);
  const standing = [...stock, ...due, ...overdue, ...variances, ...counts];
  const hidden = await hiddenFor(db, caller, standing, now);
  const shown = standing.filter((alert) => !hidden.has(alert.key));
  const alerts: Alert[] = [];
  const more: Partial<Record<AlertKind, number>> = {};
  const listed = new Map<AlertKind, number>();
  for (const alert of shown) {
    const count = listed.get(alert.kind) ?? 0;
    if (count < ALERTS_LISTED_PER_KIND) alerts.push(alert);
    else more[alert.kind] = (more[alert.kind] ?? 0) + 1;
    listed.set(alert.kind, count + 1);
  }
  return { as_of: now.toISOString(), alerts, more };
}

/**
 * The keys the caller dismissed (of alerts that stand) or snoozed until later; their other
 * dismissals are deleted, so that an alert that comes back is shown again.
 */
async function hiddenFor(db: Db, caller: Caller, standing: readonly Alert[], now: Date) {
  const rows = await db
    .select({ key: alertDismissals.key, until: alertDismissals.until })
    .from(alertDismissals)
    .where(
      and(
        eq(alertDismissals.userId, caller.userId),
        eq(alertDismissals.businessId, caller.businessId),
      ),
    );
  const keys = new Set(standing.map((alert) => alert.key));
  const gone = rows.filter((row) => row.until === null && !keys.has(row.key)).map((r) => r.key);
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
  const expired = rows.filter((row) => row.until !== null && row.until <= now);
  if (expired.length > 0) {
    await db
      .delete(alertDismissals)
      .where(and(eq(alertDismissals.userId, caller.userId), lte(alertDismissals.until, now)));
  }
  return new Set(
    rows
      .filter((row) => (row.until === null ? keys.has(row.key) : row.until > now))
      .map((row) => row.key),
  );
}

const units = (n: number) => `${n} ${Math.abs(n) === 1 ? 'unit' : 'units'}`;

async function stockAlerts(db: Db, businessId: string, threshold: number): Promise<Alert[]> {
  const rows = resultRows<{
    id: number;
    name: string;
    vintage: string | null;
    bottle_ml: string | null;
    on_hand: number;
    reserved: number;
  }>(
    await db.execute(sql`
      select p.id, p.name, p.vintage, p.bottle_ml, p.stock_quantity as on_hand,
        coalesce(r.units, 0)::int as reserved
      from ${products} p left join (${reservedStock(businessId)}) r on r.product_id = p.id
      where p.business_id = ${businessId}
        and p.stock_quantity - coalesce(r.units, 0) <= ${threshold}
      order by p.stock_quantity - coalesce(r.units, 0), lower(p.name), p.id`),
  );
  return rows.map((row) => {
    const onHand = Number(row.on_hand);
    const reserved = Number(row.reserved);
    const available = onHand - reserved;
    const name = displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml });
    const kind: AlertKind =
      onHand < 0 ? 'negative-stock' : available <= 0 ? 'out-of-stock' : 'low-stock';
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
      title: name,
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
