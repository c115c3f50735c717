import { Hono } from 'hono';
import { STOCKTAKE_MESSAGES, type StocktakeDetail } from '#domains/stocktakes/stocktake.ts';
import {
  cancelStocktakeWrite,
  closeStocktakeWrite,
  countLinesWrite,
  startStocktakeWrite,
} from '#domains/stocktakes/writes.ts';
import { businessLife, refuseOutsideLife } from '../business/life.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import {
  cancelStocktake,
  closeStocktake,
  listStocktakes,
  recordLines,
  startStocktake,
  stocktakeDetail,
  stocktakeSummary,
  toSummary,
} from './stocktakes.ts';

/**
 * Stocktakes (#domains/stocktakes/stocktake.ts):
 * - POST /stocktakes {id, name, scope, category?, search?, scan_mode, started_at} → 201 the count
 *   (the same again → 200; an id of another count → 409);
 * - GET /stocktakes → {stocktakes}, newest first; GET /stocktakes/{id} → {stocktake, expected,
 *   lines};
 * - PUT /stocktakes/{id}/lines {device_id, lines: [{product_id, quantity, counted_at}]} → 200
 *   {saved, gone}: a device's lines, each replacing that counter's earlier line there;
 * - POST /stocktakes/{id}/close {uncounted: 'zero' | 'leave'} → 200 {stocktake, movements};
 * - POST /stocktakes/{id}/cancel → 200 {stocktake}.
 * 404 for a count or product that is not the caller's business's; 409 once a count is closed or
 * cancelled.
 */
const stocktakeId = (text: string) => uuidParam(text, STOCKTAKE_MESSAGES.notFound);

export function stocktakeRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });
  // What the writes answer: the count and its tally, without its snapshot.
  const summaryOf = async (db: Db, businessId: string, id: string) => {
    const row = await stocktakeSummary(db, businessId, id);
    if (!row) throw new HttpError(404, STOCKTAKE_MESSAGES.notFound);
    return toSummary(row.stocktake, row.startedBy, row);
  };

  writes.add(startStocktakeWrite, async (c, start) => {
    const caller = c.get('caller');
    const life = await businessLife(c.var.db, caller.businessId, deps.now());
    refuseOutsideLife('started_at', start.started_at, life);
    const outcome = await startStocktake(c.var.db, context(caller), start);
    if (outcome.status === 'taken') throw new HttpError(409, STOCKTAKE_MESSAGES.idTaken);
    // Sent again under another key, it answers as it did when it was started.
    return c.json({ stocktake: await summaryOf(c.var.db, caller.businessId, outcome.row.id) }, 201);
  });

  app.get('/', async (c) => {
    const rows = await listStocktakes(c.var.db, c.get('caller').businessId);
    return c.json({
      stocktakes: rows.map((row) => toSummary(row.stocktake, row.startedBy, row)),
    });
  });

  app.get('/:id', async (c) => {
    const id = stocktakeId(c.req.param('id'));
    const detail = await stocktakeDetail(c.var.db, c.get('caller').businessId, id);
    if (!detail) throw new HttpError(404, STOCKTAKE_MESSAGES.notFound);
    const answer: StocktakeDetail = {
      stocktake: toSummary(detail.stocktake, detail.startedBy, detail),
      expected: detail.expected,
      lines: detail.lines.map((line) => ({
        product_id: line.product_id,
        quantity: line.quantity,
        by: line.by,
        device_id: line.device_id,
        counted_at: line.countedAt.toISOString(),
      })),
    };
    return c.json(answer);
  });

  writes.add(countLinesWrite, async (c, { device_id: deviceId, lines }, params) => {
    const id = stocktakeId(params.id);
    const caller = c.get('caller');
    const life = await businessLife(c.var.db, caller.businessId, deps.now());
    for (const line of lines) refuseOutsideLife('counted_at', line.counted_at, life);
    const outcome = await recordLines(c.var.db, context(caller), id, deviceId, lines);
    if (outcome.status === 'missing') throw new HttpError(404, STOCKTAKE_MESSAGES.notFound);
    if (outcome.status === 'closed') throw new HttpError(409, STOCKTAKE_MESSAGES.closed);
    return c.json({ saved: outcome.saved, gone: outcome.gone });
  });

  writes.add(closeStocktakeWrite, async (c, { uncounted }, params) => {
    const caller = c.get('caller');
    const id = stocktakeId(params.id);
    const outcome = await closeStocktake(c.var.db, context(caller), id, uncounted);
    if (outcome.status === 'missing') throw new HttpError(404, STOCKTAKE_MESSAGES.notFound);
    if (outcome.status === 'not-open') throw new HttpError(409, STOCKTAKE_MESSAGES.closed);
    return c.json({
      stocktake: await summaryOf(c.var.db, caller.businessId, id),
      movements: outcome.movements,
    });
  });

  writes.add(cancelStocktakeWrite, async (c, _body, params) => {
    const caller = c.get('caller');
    const id = stocktakeId(params.id);
    const outcome = await cancelStocktake(c.var.db, context(caller), id);
    if (outcome.status === 'missing') throw new HttpError(404, STOCKTAKE_MESSAGES.notFound);
    if (outcome.status === 'not-open') throw new HttpError(409, STOCKTAKE_MESSAGES.closed);
    return c.json({ stocktake: await summaryOf(c.var.db, caller.businessId, id) });
  });

  return app;
}
