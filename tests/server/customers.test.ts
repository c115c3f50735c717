import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  type Customer,
  type CustomerExport,
  ERASED_NAME,
} from '#domains/customers/customer.ts';
import type { CustomerSales } from '#domains/sales/customer-sales.ts';
import { resultRows } from '#server/db/table-rows.ts';
import { cardSale, shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Customers on the server: made with a device's id (once however often sent), every field checked
 * at the door, edited field by field with a conflict only for a field changed since to another
 * value, the pull, staff allowed, and one business never seeing another's.
 */
describe('customers', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const create = (fields: Record<string, unknown>, token = owner) =>
    send('POST', '/customers', { id: randomUUID(), ...fields }, token);
  const made = async (fields: Record<string, unknown>, token = owner) => {
    const response = await create(fields, token);
    expect(response.status).toBe(201);
    return (response.body as { customer: Customer }).customer;
  };
  const list = async (token = owner) =>
    ((await server.call('GET', '/api/v1/customers', { token })).body as { customers: Customer[] })
      .customers;
  const named = async (name: string, token = owner) =>
    (await list(token)).filter((customer) => customer.name === name);

  it('makes a customer once however often it is sent, and answers 409 for an id taken', async () => {
    const id = randomUUID();
    const body = {
      id,
      name: '  Margaret Chen ',
      email: ' margaret@example.test ',
      phone: '+61 412 345 678',
      address: '12 Harbour St, Sydney NSW 2000',
      tags: [' Wine club ', 'wine CLUB', '', 'Trade'],
      marketing_consent: '2026-11-01',
      birthday: '1971-07-14',
      notes: '',
    };
    const first = await send('POST', '/customers', body);
    expect(first.status).toBe(201);
    expect((first.body as { customer: Customer }).customer).toMatchObject({
      id,
      name: 'Margaret Chen',
      email: 'margaret@example.test',
      phone: '+61 412 345 678',
      tags: ['Wine club', 'Trade'],
      marketing_consent: '2026-11-01',
      birthday: '1971-07-14',
      notes: null,
      version: 1,
    });
    expect((await send('POST', '/customers', body)).status).toBe(200);
    expect(await named('Margaret Chen')).toHaveLength(1);
    const taken = await send('POST', '/customers', { id, name: 'Someone else' }, other);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: CUSTOMER_MESSAGES.idTaken });
    expect(await named('Someone else', other)).toEqual([]);
  });

  it('refuses what cannot be stored, with the field’s message, and stores nothing', async () => {
    const tomorrowButOne = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    for (const [fields, message] of [
      [{ name: '   ' }, CUSTOMER_MESSAGES.name],
      [{ name: 'Refused', email: 'margaret at example' }, CUSTOMER_MESSAGES.email],
      [{ name: 'Refused', phone: '12' }, CUSTOMER_MESSAGES.phone],
      [{ name: 'Refused', phone: 'call me maybe' }, CUSTOMER_MESSAGES.phone],
      [{ name: 'Refused', birthday: '1980-02-30' }, CUSTOMER_MESSAGES.birthday],
      [{ name: 'Refused', birthday: '1850-01-01' }, CUSTOMER_MESSAGES.birthday],
      [{ name: 'Refused', birthday: tomorrowButOne }, CUSTOMER_MESSAGES.birthday],
      [{ name: 'Refused', marketing_consent: 'yes' }, CUSTOMER_MESSAGES.consent],
      [{ name: 'Refused', tags: ['x'.repeat(31)] }, CUSTOMER_MESSAGES.tag],
      [
        { name: 'Refused', tags: Array.from({ length: 21 }, (_, n) => `Tag ${n}`) },
        CUSTOMER_MESSAGES.tags,
      ],
    ] as const) {
      const response = await create(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((response.body as { message: string }).message, JSON.stringify(fields)).toBe(message);
    }
    expect(await named('Refused')).toEqual([]);
  });

  it('merges edits of different fields made on two devices, and refuses the same field', async () => {
    const customer = await made({ name: 'Merge Test', phone: '0411 111 111', tags: ['Trade'] });
    const path = `/customers/${customer.id}`;
    const a = await send('PATCH', path, { base_version: 1, changes: { phone: '0422 222 222' } });
    expect(a.status).toBe(200);
    // Tablet B edited version 1 too: another field merges.
    const b = await send('PATCH', path, { base_version: 1, changes: { tags: ['Trade', 'VIP'] } });
    expect(b.status).toBe(200);
    expect((b.body as { customer: Customer }).customer).toMatchObject({
      phone: '0422 222 222',
      tags: ['Trade', 'VIP'],
      version: 3,
      field_versions: { phone: 2, tags: 3 },
    });
    // The same field to another value conflicts; to the same value it is already so.
    const clash = await send('PATCH', path, {
      base_version: 1,
      changes: { phone: '0433 333 333' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: CUSTOMER_MESSAGES.conflict,
      conflicts: ['phone'],
      current: { phone: '0422 222 222' },
    });
    const same = await send('PATCH', path, {
      base_version: 1,
      changes: { tags: ['Trade', 'VIP'] },
    });
    expect(same.status).toBe(200);
    expect((same.body as { customer: Customer }).customer.version).toBe(3);
    // Based on the newest version, the field may change again; clearing a value stores none.
    const cleared = await send('PATCH', path, {
      base_version: 3,
      changes: { phone: '', tags: [] },
    });
    expect((cleared.body as { customer: Customer }).customer).toMatchObject({
      phone: null,
      tags: [],
      version: 4,
    });
  });

  it('lets staff add and change customers, and keeps each business’s to itself', async () => {
    const mine = await made({ name: 'Private Regular', email: 'private@example.test' });
    expect(await named('Private Regular', other)).toEqual([]);
    const foreign = await send(
      'PATCH',
      `/customers/${mine.id}`,
      { base_version: 1, changes: { notes: 'mine now' } },
      other,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    expect((await named('Private Regular'))[0]?.notes).toBeNull();
    // Staff meet customers at the counter.
    const byStaff = await made({ name: 'Walk-in Regular' }, staff);
    const edited = await send(
      'PATCH',
      `/customers/${byStaff.id}`,
      { base_version: 1, changes: { notes: 'Prefers dry whites' } },
      staff,
    );
    expect(edited.status).toBe(200);
    expect(await named('Walk-in Regular', staff)).toHaveLength(1);
    const malformed = await send('PATCH', '/customers/not-an-id', {
      base_version: 1,
      changes: { notes: 'x' },
    });
    expect(malformed.status).toBe(404);
  });

  it('gives every customer change once through the pull, since the device’s cursor', async () => {
    const pull = async (cursor: number, token = owner) =>
      (
        (await server.call('GET', `/api/v1/changes?customers=${cursor}`, { token })).body as {
          customers: { cursor: number; customers: Customer[] };
        }
      ).customers;
    const whole = await pull(0);
    expect(whole.customers.map((customer) => customer.name)).toContain('Margaret Chen');
    const customer = await made({ name: 'Pulled Regular' });
    const since = await pull(whole.cursor);
    expect(since.customers.map((entry) => entry.id)).toEqual([customer.id]);
    await send('PATCH', `/customers/${customer.id}`, {
      base_version: 1,
      changes: { email: 'pulled@example.test' },
    });
    const edited = await pull(since.cursor);
    expect(edited.customers).toEqual([
      expect.objectContaining({ id: customer.id, email: 'pulled@example.test', version: 2 }),
    ]);
    expect((await pull(edited.cursor)).customers).toEqual([]);
    expect((await pull(0, other)).customers.map((entry) => entry.name)).not.toContain(
      'Pulled Regular',
    );
  });

  it('exports one customer’s data and erases it at their request, managers and owners only', async () => {
    const customerKey = randomUUID();
    const id = randomUUID();
    const body = {
      id,
      name: 'Private Person',
      email: 'private@example.test',
      phone: '0412 000 999',
      address: '3 Quiet Lane',
      notes: 'Allergic to sulphites',
      tags: ['Wine club'],
      birthday: '1980-02-03',
    };
    const created = await server.call('POST', '/api/v1/customers', {
      token: owner,
      headers: { 'Idempotency-Key': customerKey },
      body,
    });
    expect(created.status).toBe(201);
    const product = (
      (await send('POST', '/catalogue/products', {
        fields: { name: 'Privacy Pinot', luc: '10', list_price: '30.00' },
      })) as { body: { id: number } }
    ).body;
    const order = await send('POST', '/orders', {
      id: randomUUID(),
      customer_id: id,
      kind: 'delivery',
      due_on: '2026-12-24',
      address: '3 Quiet Lane',
      notes: 'Leave at the back door',
      lines: [{ product_id: product.id, quantity: 2 }],
    });
    expect(order.status).toBe(201);

    // Staff see customers, but neither export nor erase them.
    const exported = (token = owner) =>
      server.call('GET', `/api/v1/customers/${id}/export`, { token });
    expect((await exported(staff)).status).toBe(403);
    expect((await send('POST', `/customers/${id}/erase`, {}, staff)).status).toBe(403);
    expect((await exported(other)).status).toBe(404);
    const data = (await exported()).body as CustomerExport;
    expect(data.customer).toMatchObject({ name: 'Private Person', email: 'private@example.test' });
    expect(data.orders).toEqual([
      expect.objectContaining({
        address: '3 Quiet Lane',
        notes: 'Leave at the back door',
        lines: [{ name: 'Privacy Pinot', quantity: 2, price_cents: 3_000 }],
      }),
    ]);

    expect((await send('POST', `/customers/${id}/erase`, {}, other)).status).toBe(404);
    const erased = await send('POST', `/customers/${id}/erase`, {});
    expect(erased.status).toBe(200);
    const gone = (erased.body as { customer: Customer }).customer;
    expect(gone).toMatchObject({
      name: ERASED_NAME,
      email: null,
      phone: null,
      address: null,
      notes: null,
      tags: [],
      birthday: null,
      marketing_consent: null,
      erased_at: expect.any(String),
    });
    // Nothing of theirs is left in the database: the row, their orders' address and notes, or
    // the answer kept for their create sent again.
    const dump = JSON.stringify(
      resultRows(
        await server.db.execute(sql`
          select c.*, o.address as order_address, o.notes as order_notes
          from customers c left join customer_orders o on o.customer_id = c.id
          where c.id = ${id}`),
      ),
    );
    for (const secret of [
      'Private Person',
      'private@example.test',
      '0412 000 999',
      'Quiet Lane',
      'sulphites',
      'back door',
      '1980-02-03',
    ]) {
      expect(dump).not.toContain(secret);
    }
    const kept = await server.db.execute(
      sql`select count(*)::int as n from idempotency_keys where response_body like ${'%Private Person%'}`,
    );
    expect(resultRows(kept)).toEqual([{ n: 0 }]);
    // The create sent again answers the erased customer; an edit is refused; erasing again is
    // the same answer; the pull carries the erased copy to every device.
    const again = await server.call('POST', '/api/v1/customers', {
      token: owner,
      headers: { 'Idempotency-Key': customerKey },
      body,
    });
    expect((again.body as { customer: Customer }).customer.name).toBe(ERASED_NAME);
    const edit = await send('PATCH', `/customers/${id}`, {
      base_version: gone.version,
      changes: { name: 'Private Person' },
    });
    expect(edit).toMatchObject({ status: 409, body: { message: CUSTOMER_MESSAGES.erased } });
    expect((await send('POST', `/customers/${id}/erase`, {})).status).toBe(200);
    const pulled = (
      (await server.call('GET', '/api/v1/changes?customers=0', { token: owner })).body as {
        customers: { customers: Customer[] };
      }
    ).customers.customers.find((customer) => customer.id === id);
    expect(pulled?.name).toBe(ERASED_NAME);
    expect((await exported()).body).toMatchObject({
      customer: { name: ERASED_NAME },
      orders: [expect.objectContaining({ address: null, notes: null })],
    });
  });

  it('merges two records of one person: details filled, sales and orders moved, the other pointing to it', async () => {
    const kept = await made({
      name: 'Tom Okafor',
      email: 'tom@example.test',
      tags: ['Wine club'],
      notes: 'Collects Saturdays',
    });
    const twin = await made({
      name: 'T. Okafor',
      phone: '0412 111 222',
      tags: ['Trade', 'wine club'],
      notes: 'Restaurant account',
      marketing_consent: '2026-10-01',
    });
    const product = (
      (await send('POST', '/catalogue/products', {
        fields: { name: 'Merged Merlot', luc: '10', list_price: '25.00' },
      })) as { body: { id: number } }
    ).body;
    const orderId = randomUUID();
    expect(
      (
        await send('POST', '/orders', {
          id: orderId,
          customer_id: twin.id,
          kind: 'pickup',
          due_on: '2026-12-24',
          lines: [{ product_id: product.id, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    const line = {
      product_id: product.id,
      quantity: 1,
      unit_cents: 2_500,
      luc_cents: 1_000,
      taxable: true,
    };
    const sold = cardSale([line], 'T8-000001', { customer_id: twin.id });
    expect((await send('POST', '/sales', sold)).status).toBe(201);

    const merge = (body: unknown, token = owner, id = kept.id) =>
      send('POST', `/customers/${id}/merge`, body, token);
    expect((await merge({ from: twin.id }, staff)).status).toBe(403);
    expect((await merge({ from: kept.id })).status).toBe(422);
    expect((await merge({ from: twin.id }, other)).status).toBe(404);
    const merged = await merge({ from: twin.id });
    expect(merged.status).toBe(200);
    expect((merged.body as { customer: Customer }).customer).toMatchObject({
      name: 'Tom Okafor',
      email: 'tom@example.test',
      phone: '0412 111 222',
      tags: ['Wine club', 'Trade'],
      notes: 'Collects Saturdays\nRestaurant account',
      marketing_consent: '2026-10-01',
    });
    // Sent again: the same answer.
    expect((await merge({ from: twin.id })).status).toBe(200);
    const all = await list();
    expect(all.find((customer) => customer.id === twin.id)?.merged_into).toBe(kept.id);
    const orders = (
      (await server.call('GET', '/api/v1/orders', { token: owner })).body as {
        orders: { id: string; customer_id: string }[];
      }
    ).orders;
    expect(orders.find((order) => order.id === orderId)?.customer_id).toBe(kept.id);
    const summary = (
      await server.call('GET', `/api/v1/sales/customers/${kept.id}/summary`, { token: owner })
    ).body as CustomerSales;
    expect(summary).toMatchObject({ count: 1, spent_cents: 2_500 });
    // A device that had not heard of it: its edit of the other is refused, and its sale and
    // order naming the other are the kept one's.
    const edit = await send('PATCH', `/customers/${twin.id}`, {
      base_version: twin.version,
      changes: { notes: 'late' },
    });
    expect(edit).toMatchObject({ status: 409, body: { message: CUSTOMER_MESSAGES.merged } });
    const late = cardSale([line], 'T8-000002', { customer_id: twin.id });
    expect((await send('POST', '/sales', late)).status).toBe(201);
    const after = (
      await server.call('GET', `/api/v1/sales/customers/${kept.id}/summary`, { token: owner })
    ).body as CustomerSales;
    expect(after.count).toBe(2);
    const lateOrder = await send('POST', '/orders', {
      id: randomUUID(),
      customer_id: twin.id,
      kind: 'pickup',
      due_on: '2026-12-24',
      lines: [{ product_id: product.id, quantity: 1 }],
    });
    expect((lateOrder.body as { order: { customer_id: string } }).order.customer_id).toBe(kept.id);
    // A merged customer is merged no further.
    const third = await made({ name: 'Third Okafor' });
    expect((await merge({ from: twin.id }, owner, third.id)).status).toBe(409);
  });
});
