import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serialIdParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { readInventorySettings } from '../preferences/inventory-settings-repository.ts';
import { mountDeliveryRoutes } from './delivery-routes.ts';
import { mountOrderRoutes } from './order-routes.ts';
import { reorderLines, suggestionsOf } from './reorder.ts';
import { listSuppliers } from './suppliers.ts';

/**
 * Buying under /purchasing: purchase orders (order-routes.ts), deliveries (delivery-routes.ts),
 * and the reorder figures by the
 * caller's Stock Management rules (#domains/purchasing/reorder.ts):
 * - GET /purchasing/suggestions → the products at or under their reorder point, by supplier;
 * - GET /purchasing/products/{id}/reorder → one product's figures and how they were worked out.
 */
export function purchasingRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  mountOrderRoutes(app, deps, writes);
  mountDeliveryRoutes(app, deps, writes);
  const rulesOf = async (db: AppEnv['Variables']['db'], userId: string) =>
    (await readInventorySettings(db, userId)).stockManagement;

  app.get('/suggestions', async (c) => {
    const { businessId, userId } = c.get('caller');
    const rules = await rulesOf(c.var.db, userId);
    const lines = await reorderLines(c.var.db, businessId, deps.now(), rules, 'due');
    const minimums = new Map(
      (await listSuppliers(c.var.db, businessId)).map((row) => [row.id, row.minimumOrderCents]),
    );
    return c.json(suggestionsOf(lines, minimums));
  });

  app.get('/products/:id/reorder', async (c) => {
    const { businessId, userId } = c.get('caller');
    const id = serialIdParam(c.req.param('id'));
    const rules = await rulesOf(c.var.db, userId);
    const [line] = await reorderLines(c.var.db, businessId, deps.now(), rules, { productId: id });
    if (!line) throw new HttpError(404, MESSAGES.notFound);
    return c.json(line);
  });

  return app;
}
