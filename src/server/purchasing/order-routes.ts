import type { Hono } from 'hono';
import { ORDER_MESSAGES } from '#domains/purchasing/purchase-order.ts';
import {
  cancelOrderWrite,
  createOrderWrite,
  editOrderWrite,
  sendOrderWrite,
} from '#domains/purchasing/writes.ts';
import { shopIdentity } from '../business/shop.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { serialIdOf, uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { purchaseOrderMail } from '../mail/purchase-order-mail.ts';
import {
  cancelOrder,
  createOrder,
  listOrders,
  type OrderChangeOutcome,
  patchOrder,
  sendOrder,
  supplierEmail,
} from './orders.ts';

/**
 * Purchase orders (#domains/purchasing/purchase-order.ts), under /purchasing:
 * - GET /orders (?product={id}) → {orders}, newest first;
 * - POST /orders {id, supplier_id, lines, expected_on?, notes?} → 201 {order} (the same again →
 *   200; an id of another order → 409; a supplier or product not the business's → 400);
 * - PATCH /orders/{id} {lines?, expected_on?, notes?} → 200 {order}; 409 unless a draft;
 * - POST /orders/{id}/send {via: 'email-csv' | 'marked'} → 200 {order}: emailed to the supplier
 *   with the order as CSV, or marked as sent; 400 when emailing a supplier without an email;
 * - POST /orders/{id}/cancel → 200 {order}; 409 once received in full.
 */
const orderId = (text: string) => uuidParam(text, ORDER_MESSAGES.notFound);

export function mountOrderRoutes(app: Hono<AppEnv>, deps: Deps, writes: WriteRoutes) {
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });
  const answer = async (db: Db, businessId: string, id: string) => {
    const [order] = await listOrders(db, businessId, { ids: [id] });
    if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
    return { order };
  };
  const refuse = (outcome: OrderChangeOutcome) => {
    if (outcome.status === 'missing') throw new HttpError(404, ORDER_MESSAGES.notFound);
    if (outcome.status === 'not-draft') throw new HttpError(409, ORDER_MESSAGES.notDraft);
    if (outcome.status === 'not-open') throw new HttpError(409, ORDER_MESSAGES.notOpen);
    if (outcome.status === 'product-gone') throw new HttpError(400, ORDER_MESSAGES.productGone);
  };

  app.get('/orders', async (c) => {
    const product = c.req.query('product');
    const productId = product === undefined ? undefined : serialIdOf(product);
    if (productId === null) throw new HttpError(400, 'product must be a product id');
    const orders = await listOrders(c.var.db, c.get('caller').businessId, { productId });
    return c.json({ orders });
  });

  writes.add(createOrderWrite, async (c, create) => {
    const caller = c.get('caller');
    const outcome = await createOrder(c.var.db, context(caller), create);
    if (!('id' in outcome)) {
      if (outcome.status === 'taken') throw new HttpError(409, ORDER_MESSAGES.idTaken);
      throw new HttpError(
        400,
        outcome.status === 'supplier-gone'
          ? ORDER_MESSAGES.supplierGone
          : ORDER_MESSAGES.productGone,
      );
    }
    const body = await answer(c.var.db, caller.businessId, outcome.id);
    return c.json(body, outcome.status === 'created' ? 201 : 200);
  });

  writes.add(editOrderWrite, async (c, patch, params) => {
    const caller = c.get('caller');
    const id = orderId(params.id);
    refuse(await patchOrder(c.var.db, context(caller), id, patch));
    return c.json(await answer(c.var.db, caller.businessId, id));
  });

  writes.add(sendOrderWrite, async (c, { via }, params) => {
    const caller = c.get('caller');
    const id = orderId(params.id);
    const outcome = await sendOrder(c.var.db, context(caller), id, via, async (order) => {
      if (via !== 'email-csv') return;
      const supplier = await supplierEmail(c.var.db, caller.businessId, order.supplier_id);
      if (!supplier?.email) throw new HttpError(400, ORDER_MESSAGES.noEmail);
      const shop = await shopIdentity(c.var.db, caller.businessId);
      await deps.mailer.send(purchaseOrderMail(supplier.email, shop.name, order));
    });
    refuse(outcome);
    return c.json(await answer(c.var.db, caller.businessId, id));
  });

  writes.add(cancelOrderWrite, async (c, _body, params) => {
    const caller = c.get('caller');
    const id = orderId(params.id);
    refuse(await cancelOrder(c.var.db, context(caller), id));
    return c.json(await answer(c.var.db, caller.businessId, id));
  });
}
