import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrder } from '#domains/customer-orders/customer-order.ts';
import { ACCOUNT_MESSAGES, type AccountEntry, balanceOf } from '#domains/customers/account.ts';
import { CUSTOMER_MESSAGES, type Customer } from '#domains/customers/customer.ts';
import { RETURN_MESSAGES } from '#domains/sales/returns.ts';
import { totalsOf } from '#domains/sales/sale.ts';
import { accountEntries } from '#server/db/schema.ts';
import type { Product } from './helpers/products.ts';
import { cardSale, shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Customers' accounts on the server: a limit set by managers, sales put on account up to what
 * it has available (the server's balance, never the till's), payments and deposits made once,
 * refunds to the account, entries moved by a merge and told through the pull, and the balance
 * always the sum of the entries.
 */
describe('customer accounts', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;
  let wine: Product;
  let receipts = 0;
  const receipt = () => {
    receipts += 1;
    return `T8-${String(receipts).padStart(6, '0')}`;
  };

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const customer = async (name: string, fields: Record<string, unknown> = {}) => {
    const response = await send('POST', '/customers', { id: randomUUID(), name, ...fields });
    expect(response.status).toBe(201);
    return (response.body as { customer: Customer }).customer;
  };
  const line = (quantity: number) => ({
    product_id: wine.id,
    quantity,
    unit_cents: 5_000,
    luc_cents: 2_000,
    taxable: true,
  });
  /** A sale of `quantity` bottles at $50, `onAccount` of it on the account, the rest by card. */
  const accountSale = (customerId: string | undefined, quantity: number, onAccount: number) => {
    const lines = [line(quantity)];
    const total = totalsOf({ lines }).totalCents;
    return cardSale(lines, receipt(), {
      ...(customerId ? { customer_id: customerId } : {}),
      tenders: [
        { kind: 'account', cents: onAccount },
        ...(total > onAccount ? [{ kind: 'card' as const, cents: total - onAccount }] : []),
      ],
    });
  };
  const pay = (customerId: string, cents: number, extra: Record<string, unknown> = {}) =>
    send('POST', `/customers/${customerId}/payments`, {
      id: randomUUID(),
      cents,
      tender: { kind: 'cash' },
      made_at: new Date().toISOString(),
      ...extra,
    });
  /** The customer's entries as stored, and the balance the server keeps: their sum. */
  const entriesOf = async (customerId: string) =>
    (
      await server.db.select().from(accountEntries).where(eq(accountEntries.customerId, customerId))
    ).map((row) => ({ kind: row.kind, amount_cents: row.amountCents }));
  const balance = async (customerId: string) => {
    const [row] = await server.db
      .select({ sum: sql<string>`coalesce(sum(${accountEntries.amountCents}), 0)` })
      .from(accountEntries)
      .where(eq(accountEntries.customerId, customerId));
    return Number(row?.sum);
  };
  const openAccount = (customerId: string, limit: number | null, token = owner) =>
    send('PUT', `/customers/${customerId}/account`, { limit_cents: limit }, token);

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
    wine = (
      await send('POST', '/catalogue/products', {
        fields: { name: 'Account Shiraz', luc: '20', list_price: '50' },
      })
    ).body as Product;
  });
  afterAll(() => server.close());

  it('opens an account for managers only, and every device hears its limit', async () => {
    const trade = await customer('Larder Bistro');
    expect((await openAccount(trade.id, 50_000, staff)).status).toBe(403);
    const opened = await openAccount(trade.id, 50_000);
    expect(opened.status).toBe(200);
    expect((opened.body as { customer: Customer }).customer).toMatchObject({
      account_limit_cents: 50_000,
      version: 2,
    });
    expect((await openAccount(trade.id, 50_000, other)).status).toBe(404);
    const refused = await openAccount(trade.id, -1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: ACCOUNT_MESSAGES.limit });
  });

  it('puts sales on account up to the limit the server keeps, one till after another', async () => {
    const trade = await customer('Harbour Hotel');
    await openAccount(trade.id, 30_000);
    // $200 of $300, then $100: the limit is reached exactly.
    expect((await send('POST', '/sales', accountSale(trade.id, 4, 20_000), staff)).status).toBe(
      201,
    );
    expect((await send('POST', '/sales', accountSale(trade.id, 2, 10_000), staff)).status).toBe(
      201,
    );
    expect(await balance(trade.id)).toBe(30_000);
    // A third, as another till that thought there was room: refused, naming what is left.
    const over = await send('POST', '/sales', accountSale(trade.id, 1, 5_000), staff);
    expect(over.status).toBe(422);
    expect(over.body).toEqual({ message: ACCOUNT_MESSAGES.overLimit(0, 5_000) });
    // A payment makes room again.
    const paid = await pay(trade.id, 12_000);
    expect(paid.status).toBe(201);
    expect((paid.body as { entry: AccountEntry }).entry).toMatchObject({
      kind: 'payment',
      amount_cents: -12_000,
      tender: 'Cash',
    });
    expect((await send('POST', '/sales', accountSale(trade.id, 1, 5_000), staff)).status).toBe(201);
    const entries = await entriesOf(trade.id);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['payment', 'sale', 'sale', 'sale']);
    expect(await balance(trade.id)).toBe(balanceOf(entries));
    expect(await balance(trade.id)).toBe(23_000);
  });

  it('refuses an account sale with no customer, or a customer with no account', async () => {
    const noCustomer = await send('POST', '/sales', accountSale(undefined, 1, 5_000));
    expect(noCustomer.status).toBe(422);
    expect(noCustomer.body).toEqual({ message: ACCOUNT_MESSAGES.noCustomer });
    const walkIn = await customer('Walk In');
    const none = await send('POST', '/sales', accountSale(walkIn.id, 1, 5_000));
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ message: ACCOUNT_MESSAGES.noAccount('Walk In') });
    expect(await entriesOf(walkIn.id)).toEqual([]);
  });

  it('takes a payment once however often it is sent, and refuses another’s id', async () => {
    const trade = await customer('Corner Deli');
    const body = {
      id: randomUUID(),
      cents: 4_550,
      tender: { kind: 'card' },
      made_at: new Date().toISOString(),
    };
    expect((await send('POST', `/customers/${trade.id}/payments`, body, staff)).status).toBe(201);
    expect((await send('POST', `/customers/${trade.id}/payments`, body, staff)).status).toBe(200);
    expect(await balance(trade.id)).toBe(-4_550);
    const reused = await send('POST', `/customers/${trade.id}/payments`, { ...body, cents: 100 });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: ACCOUNT_MESSAGES.taken });
    const elsewhere = { ...body, id: randomUUID() };
    expect((await send('POST', `/customers/${trade.id}/payments`, elsewhere, other)).status).toBe(
      404,
    );
    const zero = await send('POST', `/customers/${trade.id}/payments`, {
      ...body,
      id: randomUUID(),
      cents: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ message: ACCOUNT_MESSAGES.amount });
  });

  it('keeps a deposit for an order, which its sale then spends without an account', async () => {
    const regular = await customer('Priya Natarajan');
    const order = (
      (
        await send('POST', '/orders', {
          id: randomUUID(),
          customer_id: regular.id,
          kind: 'pickup',
          due_on: '2026-12-24',
          lines: [{ product_id: wine.id, quantity: 2 }],
        })
      ).body as { order: CustomerOrder }
    ).order;
    const stranger = await customer('Someone Else');
    const wrong = await pay(stranger.id, 2_000, { customer_order_id: order.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.orderOfOther });
    const deposit = await pay(regular.id, 2_000, { customer_order_id: order.id });
    expect((deposit.body as { entry: AccountEntry }).entry).toMatchObject({
      kind: 'deposit',
      amount_cents: -2_000,
      customer_order_id: order.id,
    });
    // Collected: $100, the $20 deposit spent and $80 by card. No account needed for it.
    const sale = {
      ...accountSale(undefined, 2, 2_000),
      customer_order_id: order.id,
      tenders: [
        { kind: 'account' as const, cents: 2_000, deposit: true },
        { kind: 'card' as const, cents: 8_000 },
      ],
    };
    expect((await send('POST', '/sales', sale, staff)).status).toBe(201);
    expect(await balance(regular.id)).toBe(0);
    // The deposit is spent: a second charge finds nothing to spend.
    const again = await send('POST', '/sales', accountSale(regular.id, 1, 1_000));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: ACCOUNT_MESSAGES.noAccount('Priya Natarajan') });
  });

  it('refunds a return to the account of the customer the sale was to', async () => {
    const trade = await customer('Bay Bistro');
    await openAccount(trade.id, 100_000);
    const sale = accountSale(trade.id, 2, 10_000);
    expect((await send('POST', '/sales', sale)).status).toBe(201);
    const ret = {
      id: randomUUID(),
      sale_id: sale.id,
      receipt: receipt(),
      made_at: new Date().toISOString(),
      lines: [{ line_no: 1, quantity: 1, resaleable: true }],
      tender: { kind: 'account', cents: 5_000 },
      total_cents: 5_000,
      gst_cents: 455,
    };
    expect((await send('POST', '/sales/returns', ret)).status).toBe(201);
    expect(await entriesOf(trade.id)).toEqual(
      expect.arrayContaining([{ kind: 'refund', amount_cents: -5_000 }]),
    );
    expect(await balance(trade.id)).toBe(5_000);
    // A walk-in's sale has no account to refund to.
    const walkIn = cardSale([line(1)], receipt());
    await send('POST', '/sales', walkIn);
    const refused = await send('POST', '/sales/returns', {
      ...ret,
      id: randomUUID(),
      sale_id: walkIn.id,
      receipt: receipt(),
      total_cents: 5_000,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: RETURN_MESSAGES.noCustomer });
  });

  it('moves the entries of a merged customer to the one kept, through the pull', async () => {
    const kept = await customer('Tom Okafor');
    const duplicate = await customer('Tom Okafor (old)');
    await openAccount(duplicate.id, 20_000);
    await send('POST', '/sales', accountSale(duplicate.id, 2, 10_000));
    const pull = async (cursor: number, token = owner) =>
      (
        (await server.call('GET', `/api/v1/changes?customer-accounts=${cursor}`, { token }))
          .body as { 'customer-accounts': { cursor: number; entries: AccountEntry[] } }
      )['customer-accounts'];
    const before = await pull(0);
    expect(before.entries.filter((entry) => entry.customer_id === duplicate.id)).toHaveLength(1);
    expect((await pull(0, other)).entries).toEqual([]);
    const merged = await send('POST', `/customers/${kept.id}/merge`, { from: duplicate.id });
    expect((merged.body as { customer: Customer }).customer.account_limit_cents).toBe(20_000);
    expect(await balance(kept.id)).toBe(10_000);
    expect(await balance(duplicate.id)).toBe(0);
    const moved = await pull(before.cursor);
    expect(moved.entries).toEqual([
      expect.objectContaining({ customer_id: kept.id, kind: 'sale', amount_cents: 10_000 }),
    ]);
    // A payment a device sends to the old record pays the one kept.
    expect((await pay(duplicate.id, 1_000)).status).toBe(201);
    expect(await balance(kept.id)).toBe(9_000);
  });

  it('gives each member number to one customer', async () => {
    await customer('Card Holder', { member_number: 'WC-1001' });
    const taken = await send('POST', '/customers', {
      id: randomUUID(),
      name: 'Another Holder',
      member_number: 'WC-1001',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: CUSTOMER_MESSAGES.memberNumberTaken });
    const bad = await send('POST', '/customers', {
      id: randomUUID(),
      name: 'Bad Card',
      member_number: 'WC 1001!',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: CUSTOMER_MESSAGES.memberNumber });
    // Another shop may use the same number for its own member.
    const elsewhere = await send(
      'POST',
      '/customers',
      { id: randomUUID(), name: 'Other Shop Member', member_number: 'WC-1001' },
      other,
    );
    expect(elsewhere.status).toBe(201);
  });
});
