import { Hono } from 'hono';
import { SAMPLE_TOMORROW_ORDERS } from '#domains/dashboard/sample-data.ts';
import {
  type DashboardSnapshot,
  LOW_STOCK_ALERT_AT,
  selectLowStock,
} from '#domains/dashboard/snapshot.ts';
import { shopTimeZone } from '../business/shop.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { ReadCache } from '../http/read-cache.ts';
import { productsLowOnStock } from '../products/catalogue-repository.ts';
import { dashboardFigures } from '../sales/dashboard-figures.ts';

/**
 * GET /dashboard?tz={IANA zone}: the whole snapshot in one answer. Today's Snapshot, Sales
 * Performance and Most Sold Items from the caller's sales (days by `tz`, UTC when absent), Low
 * Stock Alerts from the caller's catalogue; Tomorrow's Orders is the spec's sample until
 * customer orders exist. 400 {message} for an unknown time zone.
 */
/** On PostgreSQL, where other instances write too: an answer serves for this long. */
export const DASHBOARD_SHARED_FOR_MS = 15_000;
const MAX_KEPT = 1_000;

/**
 * Recent answers by key for a while: on PostgreSQL another instance may record a sale, so an
 * answer cannot wait for this process's writes to forget it; 15 s keeps it well inside the 30 s
 * in which a phone follows new sales.
 */
function recentAnswers(now: () => Date) {
  const kept = new Map<string, { at: number; value: DashboardSnapshot }>();
  return async (key: string, load: () => Promise<DashboardSnapshot>) => {
    const entry = kept.get(key);
    if (entry && now().getTime() - entry.at < DASHBOARD_SHARED_FOR_MS) return entry.value;
    const value = await load();
    kept.delete(key);
    kept.set(key, { at: now().getTime(), value });
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    return value;
  };
}

export function dashboardRoutes(deps: Deps, reads: ReadCache) {
  const app = new Hono<AppEnv>();
  const recent = recentAnswers(deps.now);
  const remember =
    deps.dbKind === 'pglite'
      ? (key: string, load: () => Promise<DashboardSnapshot>) => reads.read(key, load)
      : recent;
  app.get('/', async (c) => {
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    // Worked out once for a room of phones asking every 30 s: on the embedded database at most
    // once a minute between writes (any write forgets it), on PostgreSQL once in 15 s.
    const minute = Math.floor(now.getTime() / 60_000);
    const snapshot = await remember(`dashboard:${businessId}:${timeZone}:${minute}`, async () => {
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
