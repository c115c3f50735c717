import type { Hono } from 'hono';
import { DELIVERY_MESSAGES } from '#domains/purchasing/receiving.ts';
import {
  countDeliveryWrite,
  invoiceDeliveryWrite,
  postDeliveryWrite,
  startDeliveryWrite,
} from '#domains/purchasing/writes.ts';
import { businessLife, refuseOutsideLife } from '../business/life.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { serialIdOf, uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { findProducts } from '../products/catalogue-repository.ts';
import { toEnhancedProduct } from '../products/enhanced-inventory.ts';
import {
  type DeliveryChangeOutcome,
  listDeliveries,
  postDelivery,
  recordCounts,
  saveInvoice,
  startDelivery,
} from './deliveries.ts';

/**
 * Deliveries (#domains/purchasing/receiving.ts), under /purchasing:
 * - GET /deliveries (?product={id}) → {deliveries}, newest first;
 * - POST /deliveries {id, supplier_id, order_id?, started_at} → 201 {delivery} (the same again
 *   → 200; an id of another delivery → 409; a supplier or order not the business's → 400);
 * - PUT /deliveries/{id}/counts {device_id, lines} → 200 {delivery, gone}: this device's
 *   counts; those of products the business does not have (deleted meanwhile) left out, in gone;
 * - PUT /deliveries/{id}/invoice {invoice_number, invoice_date, total_cents, freight_cents,
 *   costs} → 200 {delivery} (the costs of products it does not have left out);
 * - POST /deliveries/{id}/post {accept_mismatch?} → 200 {delivery, products}: stock and LUC
 *   moved once, and the delivery's products as they now are;
 *   409 {message, difference_cents} when the invoice does not add up and the mismatch is not
 *   accepted; 409 once cancelled, and for counts or an invoice once posted (a post sent again
 *   answers 200, nothing moving twice).
 */
const deliveryId = (text: string) => uuidParam(text, DELIVERY_MESSAGES.notFound);

/**
 * Each refuses before it writes (or with an insert that wrote nothing): a replay's deliveries
 * run in one transaction of their batch.
 */
const SHARES_A_BATCH = { refusalsWriteNothing: true };

export function mountDeliveryRoutes(app: Hono<AppEnv>, deps: Deps, writes: WriteRoutes) {
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });
  const answer = async (db: Db, businessId: string, id: string) => {
    const [delivery] = await listDeliveries(db, businessId, { ids: [id] });
    if (!delivery) throw new HttpError(404, DELIVERY_MESSAGES.notFound);
    return { delivery };
  };
  const refuse = (outcome: DeliveryChangeOutcome) => {
    switch (outcome.status) {
      case 'missing':
        throw new HttpError(404, DELIVERY_MESSAGES.notFound);
      case 'posted':
        throw new HttpError(409, DELIVERY_MESSAGES.posted);
      case 'cancelled':
        throw new HttpError(409, DELIVERY_MESSAGES.cancelled);
      case 'mismatch':
        throw new HttpError(409, DELIVERY_MESSAGES.mismatch, {
          extra: { difference_cents: outcome.differenceCents },
        });
      case 'saved':
        return;
    }
  };

  app.get('/deliveries', async (c) => {
    const product = c.req.query('product');
    const productId = product === undefined ? undefined : serialIdOf(product);
    if (productId === null) throw new HttpError(400, 'product must be a product id');
    const found = await listDeliveries(c.var.db, c.get('caller').businessId, { productId });
    return c.json({ deliveries: found });
  });

  writes.add(
    startDeliveryWrite,
    async (c, start) => {
      const caller = c.get('caller');
      refuseOutsideLife(
        'started_at',
        start.started_at,
        await businessLife(c.var.db, caller.businessId, deps.now()),
      );
      const outcome = await startDelivery(c.var.db, context(caller), start);
      if (outcome.status === 'taken') throw new HttpError(409, DELIVERY_MESSAGES.idTaken);
      if (outcome.status === 'supplier-gone')
        throw new HttpError(400, DELIVERY_MESSAGES.supplierGone);
      if (outcome.status === 'order-gone') throw new HttpError(400, DELIVERY_MESSAGES.orderGone);
      if (outcome.status === 'order-closed')
        throw new HttpError(409, DELIVERY_MESSAGES.orderClosed);
      return c.json(
        await answer(c.var.db, caller.businessId, start.id),
        outcome.status === 'created' ? 201 : 200,
      );
    },
    SHARES_A_BATCH,
  );

  writes.add(
    countDeliveryWrite,
    async (c, counts, params) => {
      const caller = c.get('caller');
      const id = deliveryId(params.id);
      const life = await businessLife(c.var.db, caller.businessId, deps.now());
      for (const line of counts.lines) refuseOutsideLife('counted_at', line.counted_at, life);
      const outcome = await recordCounts(c.var.db, context(caller), id, counts);
      refuse(outcome);
      const gone = outcome.status === 'saved' ? (outcome.gone ?? []) : [];
      return c.json({ ...(await answer(c.var.db, caller.businessId, id)), gone });
    },
    SHARES_A_BATCH,
  );

  writes.add(
    invoiceDeliveryWrite,
    async (c, invoice, params) => {
      const caller = c.get('caller');
      const id = deliveryId(params.id);
      refuse(await saveInvoice(c.var.db, context(caller), id, invoice));
      return c.json(await answer(c.var.db, caller.businessId, id));
    },
    SHARES_A_BATCH,
  );

  writes.add(
    postDeliveryWrite,
    async (c, { accept_mismatch }, params) => {
      const caller = c.get('caller');
      const id = deliveryId(params.id);
      const outcome = await postDelivery(c.var.db, context(caller), id, accept_mismatch);
      // Posted already (sent again under another key): it answers as posted, nothing moves again.
      if (outcome.status !== 'posted-now' && outcome.status !== 'posted') refuse(outcome);
      // With the products as they now are: the device shows their stock and LUC at once.
      const body = await answer(c.var.db, caller.businessId, id);
      const moved = await findProducts(
        c.var.db,
        caller.businessId,
        body.delivery.lines.map((line) => line.product_id),
      );
      return c.json({ ...body, products: moved.map(toEnhancedProduct) });
    },
    SHARES_A_BATCH,
  );
}
