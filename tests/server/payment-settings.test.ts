import { randomUUID } from 'node:crypto';
import { parse } from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_MESSAGES,
  PaymentSettingsAnswerSchema,
} from '#domains/sales/payment-settings.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { PERMISSION_MESSAGES } from '#shared/auth/permissions.ts';
import type { Product } from './helpers/products.ts';
import { cardSale, sealedPin } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/** Settings → Payment & Tax, approval PINs, and the staff discount limit on the server. */
describe('payment settings and discount approval', () => {
  let server: TestServer;
  let owner: string;
  let manager: { token: string; id: string };
  let staff: string;
  let otherOwner: string;
  let wine: Product;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    owner = harbour.token;
    otherOwner = hilltop.token;
    for (const [email, role] of [
      ['mo@harbour.test', 'manager'],
      ['sam@harbour.test', 'staff'],
    ] as const) {
      await server.createUser({
        email,
        password: 'Harbour2026',
        businessName: 'Harbour Wines',
        role,
      });
    }
    const signedIn = await server.login('mo@harbour.test', 'Harbour2026');
    manager = { token: signedIn.accessToken, id: signedIn.user.id };
    staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
    wine = (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: owner,
        body: { fields: { name: 'Discount Shiraz', list_price: '40', luc: '20', gst: '2' } },
      })
    ).body as Product;
  });
  afterAll(() => server.close());

  const settingsOf = async (token: string) => {
    const response = await server.call('GET', '/api/v1/sales/settings', { token });
    expect(response.status).toBe(200);
    return parse(PaymentSettingsAnswerSchema, response.body);
  };
  const change = (token: string, changes: Record<string, unknown>) =>
    server.call('PATCH', '/api/v1/sales/settings', {
      token,
      body: { changes },
      headers: { 'Idempotency-Key': randomUUID() },
    });

  it('answers the defaults until a setting is changed', async () => {
    const { settings, approvers } = await settingsOf(staff);
    expect(settings).toEqual(DEFAULT_PAYMENT_SETTINGS);
    expect(approvers).toEqual([]);
  });

  it('keeps each setting on its own: two managers changing two settings both keep theirs', async () => {
    expect((await change(owner, { discountLimitPercent: 15 })).status).toBe(200);
    expect((await change(manager.token, { receiptFooter: 'Cheers!' })).status).toBe(200);
    const { settings } = await settingsOf(staff);
    expect(settings).toMatchObject({ discountLimitPercent: 15, receiptFooter: 'Cheers!' });
    expect(settings.cashStepCents).toBe(5);
    // Another shop's settings are its own.
    expect((await settingsOf(otherOwner)).settings).toEqual(DEFAULT_PAYMENT_SETTINGS);
  });

  it('refuses staff, bad values and leaving no way to pay', async () => {
    const byStaff = await change(staff, { discountLimitPercent: 90 });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body).toEqual({ message: PERMISSION_MESSAGES.forbidden });
    expect((await change(owner, { discountLimitPercent: 101 })).body).toMatchObject({
      message: PAYMENT_MESSAGES.limit,
    });
    expect((await change(owner, { cashStepCents: 3 })).status).toBe(400);
    expect((await change(owner, { otherTenders: ['Voucher', 'voucher'] })).body).toMatchObject({
      message: PAYMENT_MESSAGES.duplicateTender,
    });
    expect((await change(owner, {})).body).toMatchObject({ message: PAYMENT_MESSAGES.noChanges });
    expect((await change(owner, { colour: 'red' })).status).toBe(400);
    const none = await change(owner, { cash: false, card: false, otherTenders: [] });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ message: PAYMENT_MESSAGES.noTender });
    expect((await settingsOf(owner)).settings.cash).toBe(true);
  });

  it('keeps a PIN for managers and owners only, and names approvers without it', async () => {
    const put = (token: string, pin: string) =>
      server.call('PUT', '/api/v1/sales/approval-pin', {
        token,
        body: { pin },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    expect((await put(staff, '1234')).status).toBe(403);
    expect((await put(manager.token, '12ab')).body).toMatchObject({ message: PIN_MESSAGES.pin });
    expect((await put(manager.token, '2468')).status).toBe(200);
    const answer = await server.call('GET', '/api/v1/sales/settings', { token: staff });
    // Who may approve, by name: no salt, no hash, nothing a PIN could be guessed against.
    expect((answer.body as { approvers: unknown }).approvers).toEqual([
      { user_id: manager.id, name: 'mo@harbour.test', locked: false },
    ]);
  });

  describe('a discount past the staff limit (15 % here)', () => {
    let receipt = 0;
    /** One bottle at $40 with a line discount, paid by card. */
    const discounted = (percent: number, extra: Partial<Sale> = {}): Sale => {
      receipt += 1;
      const lines: Sale['lines'] = [
        {
          product_id: wine.id,
          quantity: 1,
          unit_cents: 4_000,
          luc_cents: 2_000,
          taxable: true,
          discount: { kind: 'percent', value: percent },
        },
      ];
      return cardSale(lines, `T1-${String(receipt).padStart(6, '0')}`, extra);
    };
    const sell = (token: string, sale: Sale) =>
      server.call('POST', '/api/v1/sales', {
        token,
        body: sale,
        headers: { 'Idempotency-Key': randomUUID() },
      });

    it('is the staff’s to give up to the limit, past it only with a manager’s approval', async () => {
      expect((await sell(staff, discounted(15))).status).toBe(201);
      const alone = await sell(staff, discounted(20));
      expect(alone.status).toBe(403);
      expect(alone.body).toEqual({ message: PIN_MESSAGES.needed(15) });
      const approved = discounted(20);
      approved.approval = await sealedPin(server, staff, {
        pin: '2468',
        sale: approved,
        approverId: manager.id,
      });
      const sold = await sell(staff, approved);
      expect(sold).toMatchObject({ status: 201, body: { sale: { approval: 'confirmed' } } });
      // Managers and owners give it themselves.
      expect((await sell(owner, discounted(50))).status).toBe(201);
    });

    it('counts a price set below the shelf’s as a discount', async () => {
      const base = discounted(0);
      const [line] = base.lines;
      if (!line) throw new Error('no line');
      const lines = [{ ...line, discount: undefined, unit_cents: 3_000, shelf_cents: 4_000 }];
      const totals = totalsOf({ lines });
      const overridden: Sale = {
        ...base,
        lines,
        tenders: [{ kind: 'card', cents: totals.totalCents }],
        total_cents: totals.totalCents,
        gst_cents: totals.gstCents,
      };
      expect((await sell(staff, overridden)).status).toBe(403);
    });

    it('rounds cash by the step the tablet used', async () => {
      const sale = discounted(0, {});
      // $40.00 paid in cash with a 10 c step, $50 given: $10 change.
      const response = await sell(staff, {
        ...sale,
        lines: sale.lines.map((line) => ({ ...line, unit_cents: 3_997, discount: undefined })),
        total_cents: 3_997,
        gst_cents: 363,
        tenders: [{ kind: 'cash', given_cents: 5_000 }],
        cash_step: 10,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ sale: { rounding_cents: 3, change_cents: 1_000 } });
    });

    it('takes a customer’s tag discount as within what any seller may give them', async () => {
      const patch = await server.call('PATCH', '/api/v1/sales/settings', {
        token: owner,
        body: { changes: { tagDiscounts: [{ tag: 'Wine club', percent: 20 }] } },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(patch.status).toBe(200);
      const refused = await server.call('PATCH', '/api/v1/sales/settings', {
        token: owner,
        body: {
          changes: {
            tagDiscounts: [
              { tag: 'Trade', percent: 5 },
              { tag: 'trade', percent: 8 },
            ],
          },
        },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(refused.body).toMatchObject({ message: PAYMENT_MESSAGES.duplicateTag });
      const member = randomUUID();
      const other = randomUUID();
      for (const [id, tags] of [
        [member, ['wine CLUB']],
        [other, ['Trade']],
      ] as const) {
        await server.call('POST', '/api/v1/customers', {
          token: owner,
          body: { id, name: `Tagged ${id.slice(0, 4)}`, tags },
          headers: { 'Idempotency-Key': randomUUID() },
        });
      }
      // 20 % to a club member by staff alone; not to another customer, nor past the club's.
      expect((await sell(staff, discounted(20, { customer_id: member }))).status).toBe(201);
      const notAMember = await sell(staff, discounted(20, { customer_id: other }));
      expect(notAMember).toMatchObject({ status: 403, body: { message: PIN_MESSAGES.needed(15) } });
      const past = await sell(staff, discounted(25, { customer_id: member }));
      expect(past).toMatchObject({ status: 403, body: { message: PIN_MESSAGES.needed(20) } });
    });
  });
});
