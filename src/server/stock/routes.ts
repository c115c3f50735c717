import { Hono } from 'hono';
import { RECENT_MOVEMENTS, STOCK_MESSAGES, type StockMovement } from '#domains/stock/movement.ts';
import { adjustStockWrite } from '#domains/stock/writes.ts';
import { businessLife, refuseOutsideLife } from '../business/life.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { serialIdParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { findProduct } from '../products/catalogue-repository.ts';
import { toEnhancedProduct } from '../products/enhanced-inventory.ts';
import { type MovementRow, recentMovements, recordMovement } from './movements.ts';

/**
 * Stock movements of a product:
 * - POST /stock/products/{id}/movements {id, delta, reason, note?, made_at} → 201 {movement,
 *   product} (the product as it now is); the same movement again, under any key → 201 with the
 *   same; 404 when the product is not the caller's business's (or is gone); 409 when the id is
 *   another movement's; 400 {message, errors} for an invalid movement or one dated outside the
 *   shop's life.
 * - GET /stock/products/{id}/movements → {movements}, the newest RECENT_MOVEMENTS.
 */
const toMovement = (
  row: Pick<MovementRow, 'id' | 'delta' | 'reason' | 'note' | 'madeAt'>,
  by: string | null,
): StockMovement => ({
  id: row.id,
  delta: row.delta,
  reason: row.reason,
  note: row.note,
  made_at: row.madeAt.toISOString(),
  by,
});

export function stockRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();

  writes.add(adjustStockWrite, async (c, asked, params) => {
    const caller = c.get('caller');
    const id = serialIdParam(params.id, STOCK_MESSAGES.productGone);
    const now = deps.now();
    refuseOutsideLife(
      'made_at',
      asked.made_at,
      await businessLife(c.var.db, caller.businessId, now),
    );
    const outcome = await recordMovement(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now },
      id,
      asked,
    );
    if (outcome.status === 'missing') throw new HttpError(404, STOCK_MESSAGES.productGone);
    if (outcome.status === 'taken') throw new HttpError(409, STOCK_MESSAGES.idTaken);
    const answer = {
      movement: toMovement(outcome.movement, null),
      product: toEnhancedProduct(outcome.row),
    };
    // Sent again under another key, it answers as it did when it was recorded.
    return c.json(answer, 201);
  });

  app.get('/products/:id/movements', async (c) => {
    const { businessId } = c.get('caller');
    const id = serialIdParam(c.req.param('id'), STOCK_MESSAGES.productGone);
    if (!(await findProduct(c.var.db, businessId, id))) {
      throw new HttpError(404, STOCK_MESSAGES.productGone);
    }
    const rows = await recentMovements(c.var.db, businessId, id, RECENT_MOVEMENTS);
    return c.json({ movements: rows.map((row) => toMovement(row, row.by)) });
  });

  return app;
}
