import { Hono } from 'hono';
import { CUSTOMER_MESSAGES } from '#domains/customers/customer.ts';
import { createCustomerWrite, editCustomerWrite } from '#domains/customers/writes.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { createCustomer, listCustomers, patchCustomer, toCustomer } from './customers.ts';

/**
 * Customers (#domains/customers/customer.ts):
 * - GET /customers → {customers}, by name;
 * - POST /customers {id, name, …} → 201 {customer} (the same again → 200; an id of another
 *   customer → 409);
 * - PATCH /customers/{id} {base_version, changes} → 200 {customer}; 409 {message, conflicts,
 *   current} when a field changed since to another value; 404 for another business's.
 */
export function customerRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  app.get('/', async (c) => {
    const rows = await listCustomers(c.var.db, c.get('caller').businessId);
    return c.json({ customers: rows.map(toCustomer) });
  });

  writes.add(createCustomerWrite, async (c, create) => {
    const outcome = await createCustomer(c.var.db, context(c.get('caller')), create);
    if (outcome.status === 'taken') throw new HttpError(409, CUSTOMER_MESSAGES.idTaken);
    return c.json({ customer: toCustomer(outcome.row) }, outcome.status === 'created' ? 201 : 200);
  });

  writes.add(editCustomerWrite, async (c, { base_version, changes }, params) => {
    const id = uuidParam(params.id, CUSTOMER_MESSAGES.notFound);
    const outcome = await patchCustomer(
      c.var.db,
      context(c.get('caller')),
      id,
      base_version,
      changes,
    );
    if (outcome.status === 'missing') throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    if (outcome.status === 'conflict') {
      throw new HttpError(409, CUSTOMER_MESSAGES.conflict, {
        extra: { conflicts: outcome.conflicts, current: toCustomer(outcome.row) },
      });
    }
    return c.json({ customer: toCustomer(outcome.row) });
  });

  return app;
}
