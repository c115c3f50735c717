import { Hono } from 'hono';
import {
  SAMPLE_SALES,
  SAMPLE_TODAY,
  SAMPLE_TOMORROW_ORDERS,
  SAMPLE_TOP_ITEMS,
} from '#domains/dashboard/sample-data.ts';
import {
  type DashboardSnapshot,
  LOW_STOCK_ALERT_AT,
  selectLowStock,
} from '#domains/dashboard/snapshot.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { productsLowOnStock } from '../products/catalogue-repository.ts';

/**
 * GET /dashboard: the whole snapshot in one answer. Low Stock Alerts come from the caller's
 * catalogue; the other cards are the spec's fixed sample data until orders exist.
 */
export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const candidates = await productsLowOnStock(
      deps.db,
      c.get('caller').businessId,
      LOW_STOCK_ALERT_AT,
    );
    const snapshot: DashboardSnapshot = {
      asOf: deps.now().toISOString(),
      today: SAMPLE_TODAY,
      tomorrowOrders: SAMPLE_TOMORROW_ORDERS,
      sales: SAMPLE_SALES,
      topItems: SAMPLE_TOP_ITEMS,
      lowStock: selectLowStock(candidates),
    };
    return c.json(snapshot);
  });
  return app;
}
