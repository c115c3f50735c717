import { Hono } from 'hono';
import { SAMPLE_TOMORROW_ORDERS } from '#domains/dashboard/sample-data.ts';
import {
  type DashboardSnapshot,
  LOW_STOCK_ALERT_AT,
  selectLowStock,
} from '#domains/dashboard/snapshot.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { timeZoneParam } from '../http/params.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { productsLowOnStock } from '../products/catalogue-repository.ts';
import { dashboardFigures } from '../sales/dashboard-figures.ts';

/**
 * GET /dashboard?tz={IANA zone}: the whole snapshot in one answer. Today's Snapshot, Sales
 * Performance and Most Sold Items from the caller's sales (days by `tz`, UTC when absent), Low
 * Stock Alerts from the caller's catalogue; Tomorrow's Orders is the spec's sample until
 * customer orders exist. 400 {message} for an unknown time zone.
 */
export function dashboardRoutes(deps: Deps, reads: ReadCache) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { businessId } = c.get('caller');
    const timeZone = timeZoneParam(c.req.query('tz'));
    const now = deps.now();
    // Worked out at most once a minute between writes (on the embedded database: any write
    // forgets it), so a room of phones asking every 30 s costs one answer.
    const minute = Math.floor(now.getTime() / 60_000);
    const snapshot = await reads.read(`dashboard:${businessId}:${timeZone}:${minute}`, async () => {
      const [candidates, figures] = await Promise.all([
        productsLowOnStock(c.var.db, businessId, LOW_STOCK_ALERT_AT),
        dashboardFigures(c.var.db, businessId, timeZone, now),
      ]);
      const answer: DashboardSnapshot = {
        asOf: now.toISOString(),
        ...figures,
        tomorrowOrders: SAMPLE_TOMORROW_ORDERS,
        lowStock: selectLowStock(candidates),
      };
      return answer;
    });
    return c.json(snapshot);
  });
  return app;
}
