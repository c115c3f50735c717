import { Hono } from 'hono';
import { ORDER_KIND_LABELS } from '#domains/customer-orders/customer-order.ts';
import { startText } from '#domains/customer-orders/order-list.ts';
import {
  type DashboardSnapshot,
  LOW_STOCK_ALERT_AT,
  selectLowStock,
} from '#domains/dashboard/snapshot.ts';
import { addDays, dayInZone } from '#shared/moments.ts';
import { shopTimeZone } from '../business/shop.ts';
import { ordersDueOn, reservedStock } from '../customer-orders/customer-orders.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { businessReads } from '../http/business-reads.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { ChangeHub } from '../live/change-hub.ts';
import { productsLowOnStock } from '../products/catalogue-repository.ts';
import { dashboardFigures } from '../sales/dashboard-figures.ts';

/**
 * GET /dashboard?tz={IANA zone}: the whole snapshot in one answer. Today's Snapshot, Sales
 * Performance and Most Sold Items from the caller's sales (days by `tz`, UTC when absent), Low
 * Stock Alerts from the caller's catalogue; Tomorrow's Orders from its customer orders due on the
 * shop's next day, still to hand over. 400 {message} for an unknown time zone.
 */
export function dashboardRoutes(deps: Deps, reads: ReadCache, hub: ChangeHub) {
  const app = new Hono<AppEnv>();
  const remember = businessReads(deps, reads, hub);
  app.get('/', async (c) => {
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    // Worked out once for a room of phones: at most once a minute between the business's
    // changes (the embedded database forgets on any write; PostgreSQL keys by its version).
    const minute = Math.floor(now.getTime() / 60_000);
    const snapshot = await remember(
      businessId,
      `dashboard:${businessId}:${timeZone}:${minute}`,
      async () => {
        const tomorrow = addDays(dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10), 1);
        const [candidates, figures, due] = await Promise.all([
          productsLowOnStock(c.var.db, businessId, LOW_STOCK_ALERT_AT, reservedStock(businessId)),
          dashboardFigures(c.var.db, businessId, timeZone, now),
          ordersDueOn(c.var.db, businessId, tomorrow),
        ]);
        const answer: DashboardSnapshot = {
          asOf: now.toISOString(),
          ...figures,
          tomorrowOrders: due.map((order) => ({
            id: order.id,
            name: order.customer,
            items: order.items,
            time: startText({ window_from: order.windowFrom, window_to: order.windowTo }),
            kind: ORDER_KIND_LABELS[order.kind],
          })),
          lowStock: selectLowStock(candidates),
        };
        return answer;
      },
    );
    return c.json(snapshot);
  });
  return app;
}
