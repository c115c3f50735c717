import { Hono } from 'hono';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import { offersTender, PAYMENT_MESSAGES } from '#domains/sales/payment-settings.ts';
import { normalReceiptNumber, RECEIPT_MESSAGES } from '#domains/sales/receipt-number.ts';
import { RETURN_MESSAGES } from '#domains/sales/returns.ts';
import { SALE_MESSAGES } from '#domains/sales/sale.ts';
import { SHIFT_MESSAGES } from '#domains/sales/shifts.ts';
import {
  checkApprovalWrite,
  closeShiftWrite,
  emailReceiptWrite,
  openShiftWrite,
  recordReturnWrite,
  recordSaleWrite,
  registerTillWrite,
  reviewApprovalWrite,
  savePaymentSettingsWrite,
  setApprovalPinWrite,
} from '#domains/sales/writes.ts';
import { isRealDayText, MOMENT_MESSAGES, momentOutsideLife } from '#shared/moments.ts';
import type { Caller } from '../auth/access-tokens.ts';
import { businessLife, refuseOutsideLife } from '../business/life.ts';
import { shopIdentity, shopTimeZone } from '../business/shop.ts';
import { customersAmong } from '../customers/customers.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serialIdParam, uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { receiptMail } from '../mail/receipt-mail.ts';
import { findProduct, findProducts, type ProductRow } from '../products/catalogue-repository.ts';
import { toEnhancedProduct } from '../products/enhanced-inventory.ts';
import {
  approvalKey,
  approversOf,
  checkApproval,
  keepCheckedApproval,
  setApprovalPin,
} from './approvals.ts';
import { customerSales } from './customer-sales.ts';
import { changePaymentSettings, readPaymentSettings } from './payment-settings.ts';
import { receiptMailContent } from './receipt-content.ts';
import { recordReturn, saleByReceipt, salesOfDay } from './returns.ts';
import { reviewApproval, unconfirmedApprovals } from './review.ts';
import { productSales, recordSales, type SaleFigures, tillCode } from './sales.ts';
import { closeShift, openShift, toShift } from './shifts.ts';

/**
 * Sales (beyond the spec's prototype):
 * - POST /sales {id, receipt, made_at, lines, discount?, tenders, approval?, total_cents,
 *   gst_cents} → 201 {sale, products} (the products sold, as they now are), priced by the
 *   server (sales.ts); the same sale again, under any key → 201 as it was recorded; 422
 *   {message} when its total or tenders do not add up or a product is not the shop's; 409 when
 *   its id is another sale's, or its receipt number another sale's or return's; 400 when it is
 *   dated outside the shop's life.
 * - POST /sales/tills {device_id} → 201 {code} for a tablet's first ask, 200 with the same code
 *   after; each tablet of a business gets its own ('T1', 'T2' …).
 * - GET /sales/settings → {settings, approvers, approval_key}: Payment & Tax (defaults for what
 *   was never set), the managers and owners with an approval PIN (id, name, locked: never a
 *   secret) and the public key tablets seal a typed PIN to. PATCH /sales/settings {changes}
 *   (managers, owners) changes some settings, each on its own; 422 when no way to pay would be
 *   left. PUT /sales/approval-pin {pin} sets the caller's own PIN (managers, owners).
 * - POST /sales/approvals {sale_id, approval} checks a sealed PIN at once (online): 200
 *   {approver}, or 200 {refused: {message}} for a wrong PIN (saying how many tries are left),
 *   a locked PIN, or an approval that cannot be checked.
 * - A staff sale whose discount passes the limit by its own figures and brings no approval
 *   answers 403 {message}. One whose approval does not hold, or that only the shop's prices put
 *   past the limit, is kept and marked 'not-confirmed': GET /sales/approvals/unconfirmed lists
 *   those not yet reviewed (managers, owners), POST /sales/{id}/approval-review marks one
 *   reviewed.
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
 * - GET /sales/customers/{id}/summary → a customer's purchases (CustomerSalesSchema): their
 *   sales newest first, lifetime spend, average sale, last visit, favourite categories; 404 for
 *   another shop's customer.
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
  approval: row.approval ?? null,
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

  // A sale alone is a batch of one (recordSales). Every refusal is answered by checks, or by the
  // one statement that stores sales when it wrote nothing.
  writes.add(
    recordSaleWrite,
    async (c, sale) => {
      const caller = c.get('caller');
      const seller = sellerOf(caller);
      refuseOutsideLife(
        'made_at',
        sale.made_at,
        await businessLife(c.var.db, caller.businessId, seller.now),
      );
      const [outcome] = await recordSales(c.var.db, seller, [sale]);
      switch (outcome?.status) {
        case 'refused':
          throw new HttpError(422, outcome.message);
        case 'unapproved':
          throw new HttpError(403, PIN_MESSAGES.needed(outcome.limit));
        case 'taken':
          throw new HttpError(409, SALE_MESSAGES.taken);
        case 'receipt-taken':
          throw new HttpError(409, RECEIPT_MESSAGES.taken(outcome.receipt));
        case 'recorded':
        case 'repeated':
          // Sent again under another key, it answers as it did when it was recorded.
          return c.json(saleAnswer(outcome.sale, outcome.products), 201);
        default:
          throw new Error('A sale sent alone was left unanswered');
      }
    },
    {
      many: async ({ db, caller }, writes) => {
        const batch = writes.map((write) => write.body);
        const seller = sellerOf(caller);
        const life = await businessLife(db, caller.businessId, seller.now);
        // A sale dated outside the shop's life runs alone, to be refused as it would be.
        const dated = batch.map(
          (sale) => momentOutsideLife('made_at', sale.made_at, life) === null,
        );
        const outcomes = await recordSales(
          db,
          seller,
          batch.filter((_, index) => dated[index]),
        );
        let next = 0;
        return batch.map((_, index) => {
          if (!dated[index]) return null;
          const outcome = outcomes[next++];
          // A refusal runs alone, to be undone and answered as it would be by itself.
          return outcome?.status === 'recorded' || outcome?.status === 'repeated'
            ? { status: 201, body: saleAnswer(outcome.sale, outcome.products) }
            : null;
        });
      },
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
    approval_key: await approvalKey(db),
    shop: await shopIdentity(db, businessId),
  });

  app.get('/settings', async (c) =>
    c.json(await settingsAnswer(c.var.db, c.get('caller').businessId)),
  );

  // Online, before the sale is completed: a wrong PIN is said at once. A wrong PIN is an answer
  // (200 {refused}), not a refusal of the request: its count must stay with the transaction.
  writes.add(checkApprovalWrite, async (c, { sale_id: saleId, approval }) => {
    const { businessId } = c.get('caller');
    const now = deps.now();
    const check = await checkApproval(c.var.db, businessId, { id: saleId }, approval, now);
    if (check.ok) {
      const { approver, digest } = check;
      await keepCheckedApproval(
        c.var.db,
        businessId,
        { saleId, approverId: approver.user_id, digest },
        now,
      );
      return c.json({ approver });
    }
    const name = check.approver?.name ?? '';
    const message =
      check.problem === 'wrong-pin'
        ? PIN_MESSAGES.wrong(name, check.left ?? 0)
        : check.problem === 'locked'
          ? PIN_MESSAGES.locked(name)
          : check.problem === 'not-approver'
            ? PIN_MESSAGES.notApprover
            : check.problem === 'other-sale'
              ? PIN_MESSAGES.otherSale
              : PIN_MESSAGES.unreadable;
    return c.json({ refused: { message } });
  });

  app.get('/approvals/unconfirmed', async (c) =>
    c.json({ sales: await unconfirmedApprovals(c.var.db, c.get('caller').businessId) }),
  );

  writes.add(reviewApprovalWrite, async (c, _body, params) => {
    const caller = c.get('caller');
    const id = uuidParam(params.id);
    if (!(await reviewApproval(c.var.db, caller.businessId, caller.userId, id, deps.now()))) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    return c.json({ reviewed: true });
  });

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
    const now = deps.now();
    refuseOutsideLife('made_at', ret.made_at, await businessLife(c.var.db, caller.businessId, now));
    const outcome = await recordReturn(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now },
      ret,
    );
    if (outcome.status === 'refused') throw new HttpError(422, outcome.message);
    if (outcome.status === 'unknown-sale') throw new HttpError(422, RETURN_MESSAGES.unknownSale);
    if (outcome.status === 'taken') throw new HttpError(409, RETURN_MESSAGES.taken);
    if (outcome.status === 'receipt-taken') {
      throw new HttpError(409, RECEIPT_MESSAGES.taken(outcome.receipt));
    }
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
      201,
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
    const now = deps.now();
    const life = await businessLife(c.var.db, caller.businessId, now);
    refuseOutsideLife('opened_at', shift.opened_at, life);
    const outcome = await openShift(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now },
      shift,
    );
    if (outcome.status === 'taken') throw new HttpError(409, SHIFT_MESSAGES.notOpen);
    return c.json(toShift(outcome.row), 201);
  });

  writes.add(closeShiftWrite, async (c, close) => {
    const caller = c.get('caller');
    const id = uuidParam(c.req.param('id') ?? '');
    const now = deps.now();
    const life = await businessLife(c.var.db, caller.businessId, now);
    refuseOutsideLife('closed_at', close.closed_at, life);
    const outcome = await closeShift(
      c.var.db,
      { businessId: caller.businessId, userId: caller.userId, now },
      id,
      close,
    );
    if (outcome.status === 'unknown') throw new HttpError(404, SHIFT_MESSAGES.notOpen);
    if (outcome.status === 'closed-before') throw new HttpError(409, SHIFT_MESSAGES.closed);
    return c.json(toShift(outcome.row));
  });

  app.get('/', async (c) => {
    const date = c.req.query('date') ?? '';
    if (!isRealDayText(date)) throw new HttpError(400, MOMENT_MESSAGES.day('date'));
    const timeZone = await shopTimeZone(c.var.db, c.get('caller').businessId, c.req.query('tz'));
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

  app.get('/customers/:id/summary', async (c) => {
    const { businessId } = c.get('caller');
    const id = uuidParam(c.req.param('id'), MESSAGES.notFound);
    const known = await customersAmong(c.var.db, businessId, [id]);
    if (!known.has(id)) throw new HttpError(404, MESSAGES.notFound);
    return c.json(await customerSales(c.var.db, businessId, id));
  });

  app.get('/products/:id/summary', async (c) => {
    const { businessId } = c.get('caller');
    const id = serialIdParam(c.req.param('id'), MESSAGES.notFound);
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    if (!(await findProduct(c.var.db, businessId, id))) throw new HttpError(404, MESSAGES.notFound);
    return c.json(await productSales(c.var.db, businessId, id, timeZone, deps.now()));
  });

  return app;
}
