import { Hono } from 'hono';
import { CUSTOMER_ORDER_MESSAGES } from '#domains/customer-orders/customer-order.ts';
import {
  createCustomerOrderWrite,
  editCustomerOrderWrite,
  setCustomerOrderStatusWrite,
} from '#domains/customer-orders/writes.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import {
  type CustomerOrderChangeOutcome,
  createCustomerOrder,
  listCustomerOrders,
  patchCustomerOrder,
  setCustomerOrderStatus,
} from './customer-orders.ts';

/**
 * Customer orders (#domains/customer-orders/customer-order.ts):
 * - GET /orders → {orders}, by day;
 * - POST /orders {id, customer_id, kind, due_on, lines, …} → 201 {order} (the same again → 200);
 * - PATCH /orders/{id} {base_version, changes?, lines?} → 200 {order}; 409 {message, conflicts,
 *   current} for a detail changed since to another value, 409 for a closed order;
 * - POST /orders/{id}/status {status: open | ready | cancelled} → 200 {order}.
 * Another business's order answers 404; a customer or product not the business's, 422.
 */
export function customerOrderRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  app.get('/', async (c) => {
    return c.json({ orders: await listCustomerOrders(c.var.db, c.get('caller').businessId) });
  });

  async function answer(
    db: Parameters<typeof listCustomerOrders>[0],
    businessId: string,
    id: string,
  ) {
    const [order] = await listCustomerOrders(db, businessId, [id]);
    if (!order) throw new HttpError(404, CUSTOMER_ORDER_MESSAGES.notFound);
    return order;
  }

  async function changed(
    outcome: CustomerOrderChangeOutcome,
    db: Parameters<typeof listCustomerOrders>[0],
    businessId: string,
    id: string,
  ) {
    switch (outcome.status) {
      case 'missing':
        throw new HttpError(404, CUSTOMER_ORDER_MESSAGES.notFound);
      case 'closed':
        throw new HttpError(409, CUSTOMER_ORDER_MESSAGES.closed);
      case 'product-gone':
        throw new HttpError(422, CUSTOMER_ORDER_MESSAGES.productGone);
      case 'no-address':
        throw new HttpError(400, CUSTOMER_ORDER_MESSAGES.address);
      case 'bad-window':
        throw new HttpError(400, CUSTOMER_ORDER_MESSAGES.window);
      case 'empty':
        throw new HttpError(400, CUSTOMER_ORDER_MESSAGES.lines);
      case 'conflict':
        throw new HttpError(409, CUSTOMER_ORDER_MESSAGES.conflict, {
          extra: { conflicts: outcome.conflicts, current: await answer(db, businessId, id) },
        });
      default:
        return answer(db, businessId, id);
    }
  }

  writes.add(createCustomerOrderWrite, async (c, create) => {
    const caller = c.get('caller');
    const outcome = await createCustomerOrder(c.var.db, context(caller), create);
    switch (outcome.status) {
      case 'taken':
        throw new HttpError(409, CUSTOMER_ORDER_MESSAGES.idTaken);
      case 'customer-gone':
        throw new HttpError(422, CUSTOMER_ORDER_MESSAGES.customerGone);
      case 'product-gone':
        throw new HttpError(422, CUSTOMER_ORDER_MESSAGES.productGone);
    }
    const order = await answer(c.var.db, caller.businessId, outcome.id);
    return c.json({ order }, outcome.status === 'created' ? 201 : 200);
  });

  writes.add(editCustomerOrderWrite, async (c, patch, params) => {
    const caller = c.get('caller');
    const id = uuidParam(params.id, CUSTOMER_ORDER_MESSAGES.notFound);
    const outcome = await patchCustomerOrder(c.var.db, context(caller), id, patch);
    return c.json({ order: await changed(outcome, c.var.db, caller.businessId, id) });
  });

  writes.add(setCustomerOrderStatusWrite, async (c, { status }, params) => {
    const caller = c.get('caller');
    const id = uuidParam(params.id, CUSTOMER_ORDER_MESSAGES.notFound);
    const outcome = await setCustomerOrderStatus(c.var.db, context(caller), id, status);
    return c.json({ order: await changed(outcome, c.var.db, caller.businessId, id) });
  });

  return app;
}
