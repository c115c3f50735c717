import { Hono } from 'hono';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import { offersTender, PAYMENT_MESSAGES } from '#domains/sales/payment-settings.ts';
import { normalReceiptNumber } from '#domains/sales/receipt-number.ts';
import { RETURN_MESSAGES } from '#domains/sales/returns.ts';
import { SALE_MESSAGES } from '#domains/sales/sale.ts';
import { SHIFT_MESSAGES } from '#domains/sales/shifts.ts';
import {
  closeShiftWrite,
  emailReceiptWrite,
  openShiftWrite,
  recordReturnWrite,
  recordSaleWrite,
  registerTillWrite,
  savePaymentSettingsWrite,
  setApprovalPinWrite,
} from '#domains/sales/writes.ts';
import type { Caller } from '../auth/access-tokens.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serialIdParam, timeZoneParam, uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { receiptMail } from '../mail/receipt-mail.ts';
import { findProduct, findProducts, type ProductRow } from '../products/catalogue-repository.ts';
import { toEnhancedProduct } from '../products/enhanced-inventory.ts';
import {
  approversOf,
  changePaymentSettings,
  readPaymentSettings,
  setApprovalPin,
} from './payment-settings.ts';
import { receiptMailContent } from './receipt-content.ts';
import { recordReturn, saleByReceipt, salesOfDay } from './returns.ts';
import {
  productSales,
  recordSale,
  recordSales,
  type SaleFigures,
  tillCode,
  unitsByProduct,
} from './sales.ts';
import { closeShift, openShift, toShift } from './shifts.ts';

/**
 * Sales (beyond the spec's prototype):
 * - POST /sales {id, receipt, made_at, lines, discount?, tenders, total_cents, gst_cents} → 201
 *   {sale, products} (the products sold, as they now are); the same sale again → 200 with them; 422 {message} when its totals, GST or tenders do
 *   not add up or a product is not the shop's; 409 when its id or receipt number is another
 *   sale's.
 * - POST /sales/tills {device_id} → 201 {code} for a tablet's first ask, 200 with the same code
 *   after; each tablet of a business gets its own ('T1', 'T2' …).
 * - GET /sales/settings → {settings, approvers}: Payment & Tax (defaults for what was never
 *   set) and the managers and owners with an approval PIN (name, salt, hash), for tablets to
 *   check approvals offline. PATCH /sales/settings {changes} (managers, owners) changes some
 *   settings, each on its own; 422 when no way to pay would be left. PUT /sales/approval-pin
 *   {pin} sets the caller's own PIN (managers, owners).
 * - A sale whose discount passes the staff limit, made by staff without a manager's approval,
 *   answers 403 {message}.
 * - POST /sales/returns {id, sale_id, receipt, made_at, lines: [{line_no, quantity, resaleable}],
 *   tender, total_cents, gst_cents} (managers, owners) → 201 {return, products}; 422 {message}
 *   when it returns more than is left of a line or its refund does not add up; 409 when its id
 *   or number is another's. GET /sales/receipts/{receipt} → the sale with each line's returned
 *   units (404 when none); GET /sales?date=YYYY-MM-DD&tz= → {sales} of that day, newest first.
 * - POST /sales/{id}/email {email} → {sent: true}: the sale's receipt mailed to the customer;
 *   404 for another shop's sale.
 * - POST /sales/shifts {id, till, opened_at, float_cents} → 201 the shift (200 when sent again);
 *   POST /sales/shifts/{id}/close {closed_at, counted_cents, ledger} → the shift with the cash
 *   expected and the variance; 409 when it was closed before, 404 when it is not the shop's.
 * - GET /sales/products/{id}/summary?tz={IANA zone} → a product's units and revenue this month,
 *   over the last 12 months and by month (ProductSalesSchema); 404 for another shop's product,
 *   400 for an unknown time zone.
 */
const toSale = (row: SaleFigures) => ({
  id: row.id,
  receipt: row.receipt,
  made_at: row.madeAt.toISOString(),
  total_cents: row.totalCents,
  gst_cents: row.gstCents,
  discount_cents: row.discountCents,
  rounding_cents: row.roundingCents,
  change_cents: row.changeCents,
});

export function salesRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();

  const sellerOf = (caller: Caller) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    role: caller.role,
    now: deps.now(),
  });
  /** A recorded sale's answer, with the products it sold as they now are. */
  const saleAnswer = (sale: SaleFigures, sold: readonly ProductRow[]) => ({
    sale: toSale(sale),
    products: sold.map(toEnhancedProduct),
  });

  // Every refusal is answered by checks, or by the one statement that stores a sale when it
  // wrote nothing (recordSale): a replay's sales are stored many at once (recordSales).
  writes.add(
    recordSaleWrite,
    async (c, sale) => {
      const caller = c.get('caller');
      const outcome = await recordSale(c.var.db, sellerOf(caller), sale);
      if (outcome.status === 'refused') throw new HttpError(422, outcome.message);
      if (outcome.status === 'unapproved')
        throw new HttpError(403, PIN_MESSAGES.needed(outcome.limit));
      if (outcome.status === 'taken') throw new HttpError(409, SALE_MESSAGES.taken);
      if (outcome.status === 'recorded') {
        return c.json(saleAnswer(outcome.sale, outcome.products), 201);
      }
      const sold = await findProducts(c.var.db, caller.businessId, [
        ...unitsByProduct(sale).keys(),
      ]);
      return c.json(saleAnswer(outcome.sale, sold), 200);
    },
    {
      many: async ({ db, caller }, batch) =>
        (await recordSales(db, sellerOf(caller), batch)).map((outcome) =>
          outcome?.status === 'recorded'
            ? { status: 201, body: saleAnswer(outcome.sale, outcome.products) }
            : null,
        ),
    },
  );

  writes.add(registerTillWrite, async (c, { device_id }) => {
    const { businessId } = c.get('caller');
    const till = await tillCode(c.var.db, businessId, device_id);
    return c.json({ code: till.code }, till.status === 'given' ? 201 : 200);
  });

  const settingsAnswer = async (db: Db, businessId: string) => ({
    settings: await readPaymentSettings(db, businessId),
    approvers: await approversOf(db, businessId),
  });

  app.get('/settings', async (c) =>
    c.json(await settingsAnswer(c.var.db, c.get('caller').businessId)),
  );

  writes.add(savePaymentSettingsWrite, async (c, { changes }) => {
    const { businessId, userId } = c.get('caller');
    const db = c.var.db;
    const merged = { ...(await readPaymentSettings(db, businessId)), ...changes };
    if (!offersTender(merged)) throw new HttpError(422, PAYMENT_MESSAGES.noTender);
    await changePaymentSettings(db, businessId, userId, changes, deps.now());
    return c.json(await settingsAnswer(db, businessId));
  });

  writes.add(setApprovalPinWrite, async (c, { pin }) => {
    const { userId } = c.get('caller');
    await setApprovalPin(c.var.db, userId, pin, deps.now());
    return c.json(await settingsAnswer(c.var.db, c.get('caller').businessId));
  });

  writes.add(recordReturnWrite, async (c, ret) => {
    const caller = c.get('caller');
    const outcome = await recordReturn(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now: deps.now() },
      ret,
    );
    if (outcome.status === 'refused') throw new HttpError(422, outcome.message);
    if (outcome.status === 'unknown-sale') throw new HttpError(422, RETURN_MESSAGES.unknownSale);
    if (outcome.status === 'taken') throw new HttpError(409, RETURN_MESSAGES.taken);
    const moved = await findProducts(c.var.db, caller.businessId, outcome.productIds);
    return c.json(
      {
        return: {
          id: outcome.row.id,
          receipt: outcome.row.receipt,
          total_cents: outcome.row.totalCents,
          gst_cents: outcome.row.gstCents,
        },
        products: moved.map(toEnhancedProduct),
      },
      outcome.status === 'recorded' ? 201 : 200,
    );
  });

  writes.add(emailReceiptWrite, async (c, { email }) => {
    const { businessId } = c.get('caller');
    const id = uuidParam(c.req.param('id') ?? '');
    const content = await receiptMailContent(c.var.db, businessId, id);
    if (!content) throw new HttpError(404, MESSAGES.notFound);
    await deps.mailer.send(receiptMail(email, content));
    return c.json({ sent: true });
  });

  writes.add(openShiftWrite, async (c, shift) => {
    const caller = c.get('caller');
    const outcome = await openShift(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now: deps.now() },
      shift,
    );
    if (outcome.status === 'taken') throw new HttpError(409, SHIFT_MESSAGES.notOpen);
    return c.json(toShift(outcome.row), outcome.status === 'opened' ? 201 : 200);
  });

  writes.add(closeShiftWrite, async (c, close) => {
    const caller = c.get('caller');
    const id = uuidParam(c.req.param('id') ?? '');
    const outcome = await closeShift(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now: deps.now() },
      id,
      close,
    );
    if (outcome.status === 'unknown') throw new HttpError(404, SHIFT_MESSAGES.notOpen);
    if (outcome.status === 'closed-before') throw new HttpError(409, SHIFT_MESSAGES.closed);
    return c.json(toShift(outcome.row));
  });

  app.get('/', async (c) => {
    const date = c.req.query('date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
      throw new HttpError(400, 'date must be a day such as 2026-11-26');
    }
    const timeZone = timeZoneParam(c.req.query('tz'));
    return c.json({
      sales: await salesOfDay(c.var.db, c.get('caller').businessId, date, timeZone),
    });
  });

  app.get('/receipts/:receipt', async (c) => {
    const receipt = normalReceiptNumber(c.req.param('receipt'));
    if (!receipt) throw new HttpError(404, MESSAGES.notFound);
    const sale = await saleByReceipt(c.var.db, c.get('caller').businessId, receipt);
    if (!sale) throw new HttpError(404, MESSAGES.notFound);
    return c.json(sale);
  });

  app.get('/products/:id/summary', async (c) => {
    const { businessId } = c.get('caller');
    const id = serialIdParam(c.req.param('id'), MESSAGES.notFound);
    const timeZone = timeZoneParam(c.req.query('tz'));
    if (!(await findProduct(c.var.db, businessId, id))) throw new HttpError(404, MESSAGES.notFound);
    return c.json(await productSales(c.var.db, businessId, id, timeZone, deps.now()));
  });

  return app;
}
