import { Hono } from 'hono';
import { ACCOUNT_MESSAGES } from '#domains/customers/account.ts';
import { CUSTOMER_MESSAGES } from '#domains/customers/customer.ts';
import {
  accountLimitWrite,
  accountPaymentWrite,
  createCustomerWrite,
  editCustomerWrite,
  eraseCustomerWrite,
  mergeCustomerWrite,
} from '#domains/customers/writes.ts';
import { forgetOrderDetails, moveCustomerOrders } from '../customer-orders/customer-orders.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { forgetAnswersMentioning } from '../http/kept-answers.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { moveCustomerSales } from '../sales/customer-sales.ts';
import { moveAccountEntries, setAccountLimit, takePayment } from './accounts.ts';
import { customerExport } from './customer-export.ts';
import {
  createCustomer,
  eraseCustomer,
  listCustomers,
  mergeCustomers,
  patchCustomer,
  toCustomer,
} from './customers.ts';

/**
 * Customers (#domains/customers/customer.ts):
 * - GET /customers → {customers}, by name;
 * - POST /customers {id, name, …} → 201 {customer} (the same again → 200; an id of another
 *   customer → 409);
 * - PATCH /customers/{id} {base_version, changes} → 200 {customer}; 409 {message, conflicts,
 *   current} when a field changed since to another value; 409 {message} once erased; 404 for
 *   another business's.
 * - GET /customers/{id}/export → one customer's data (CustomerExport), managers and owners;
 * - POST /customers/{id}/erase {} → 200 {customer}: erased (eraseCustomer), managers and owners;
 * - POST /customers/{id}/merge {from} → 200 {customer}: `from` merged into it (mergeCustomers),
 *   managers and owners; 409 when either was erased or merged already.
 * - PUT /customers/{id}/account {limit_cents} → 200 {customer}: their account opened, its limit
 *   changed, or closed (null), managers and owners; 404 once erased or merged.
 * - POST /customers/{id}/payments {id, cents, tender, made_at, …} → 201 {entry}: a payment on
 *   their account, or a deposit for their order (the same again → 200; another's id → 409).
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
    if (outcome.status === 'member-taken') {
      throw new HttpError(409, CUSTOMER_MESSAGES.memberNumberTaken);
    }
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
    if (outcome.status === 'erased') throw new HttpError(409, CUSTOMER_MESSAGES.erased);
    if (outcome.status === 'merged') throw new HttpError(409, CUSTOMER_MESSAGES.merged);
    if (outcome.status === 'member-taken') {
      throw new HttpError(409, CUSTOMER_MESSAGES.memberNumberTaken);
    }
    if (outcome.status === 'conflict') {
      throw new HttpError(409, CUSTOMER_MESSAGES.conflict, {
        extra: { conflicts: outcome.conflicts, current: toCustomer(outcome.row) },
      });
    }
    return c.json({ customer: toCustomer(outcome.row) });
  });

  app.get('/:id/export', async (c) => {
    const { businessId } = c.get('caller');
    const id = uuidParam(c.req.param('id'), CUSTOMER_MESSAGES.notFound);
    const [row] = await listCustomers(c.var.db, businessId, [id]);
    if (!row) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    return c.json(await customerExport(c.var.db, businessId, row, deps.now()));
  });

  writes.add(eraseCustomerWrite, async (c, _body, params) => {
    const id = uuidParam(params.id, CUSTOMER_MESSAGES.notFound);
    const writer = context(c.get('caller'));
    const row = await eraseCustomer(c.var.db, writer, id, async (tx, erased) => {
      await forgetOrderDetails(tx, writer, erased);
      await forgetAnswersMentioning(tx, writer.businessId, erased);
    });
    if (!row) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    return c.json({ customer: toCustomer(row) });
  });

  writes.add(mergeCustomerWrite, async (c, { from }, params) => {
    const id = uuidParam(params.id, CUSTOMER_MESSAGES.notFound);
    const writer = context(c.get('caller'));
    const outcome = await mergeCustomers(c.var.db, writer, id, from, async (tx, other, kept) => {
      await moveCustomerSales(tx, writer.businessId, other, kept);
      await moveCustomerOrders(tx, writer, other, kept);
      await moveAccountEntries(tx, writer.businessId, other, kept);
    });
    switch (outcome.status) {
      case 'missing':
        throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
      case 'same':
        throw new HttpError(422, CUSTOMER_MESSAGES.mergeSame);
      case 'gone':
        throw new HttpError(409, CUSTOMER_MESSAGES.mergeGone);
      default:
        return c.json({ customer: toCustomer(outcome.row) });
    }
  });

  writes.add(accountLimitWrite, async (c, limit, params) => {
    const id = uuidParam(params.id, CUSTOMER_MESSAGES.notFound);
    const row = await setAccountLimit(c.var.db, context(c.get('caller')), id, limit);
    if (!row) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    return c.json({ customer: toCustomer(row) });
  });

  writes.add(accountPaymentWrite, async (c, payment, params) => {
    const id = uuidParam(params.id, CUSTOMER_MESSAGES.notFound);
    const outcome = await takePayment(c.var.db, context(c.get('caller')), id, payment);
    switch (outcome.status) {
      case 'missing':
        throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
      case 'conflict':
        throw new HttpError(409, ACCOUNT_MESSAGES.taken);
      case 'refused':
        throw new HttpError(422, outcome.message);
      default:
        return c.json({ entry: outcome.entry }, outcome.status === 'taken' ? 201 : 200);
    }
  });

  return app;
}
