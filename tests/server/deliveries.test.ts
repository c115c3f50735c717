import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import {
  DELIVERY_MESSAGES,
  type Delivery,
  RECEIVED_REASON,
} from '#domains/purchasing/receiving.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import { productChanges, products, stockMovements } from '#server/db/schema.ts';
import { catalogueChanges, type Product, value } from './helpers/products.ts';
import { shopsWithStaff, stockOf } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Receiving on the server: two tablets counting one delivery add up, the invoice's costs and
 * freight land in the LUC as a weighted average, damaged units stay out of stock, posting moves
 * stock once through the ledger, the order counts what came, a mismatched invoice is refused
 * until accepted; roles, tenancy and bad input.
 */
describe('deliveries', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let other: string;
  let supplier: Supplier;
  let shiraz: Product;
  let gin: Product;

  const call = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const deliveryOf = (response: { body: unknown }) =>
    (response.body as { delivery: Delivery }).delivery;
  const start = async (extra: Record<string, unknown> = {}, token = owner) => {
    const id = randomUUID();
    const response = await call(
      'POST',
      '/purchasing/deliveries',
      { id, supplier_id: supplier.id, started_at: new Date().toISOString(), ...extra },
      token,
    );
    return { id, response };
  };
  const count = (id: string, device: string, lines: [number, number, number][], token = owner) =>
    call(
      'PUT',
      `/purchasing/deliveries/${id}/counts`,
      {
        device_id: device,
        lines: lines.map(([product_id, received, damaged]) => ({
          product_id,
          received,
          damaged,
          counted_at: new Date().toISOString(),
        })),
      },
      token,
    );
  const invoice = (id: string, body: Record<string, unknown>, token = owner) =>
    call(
      'PUT',
      `/purchasing/deliveries/${id}/invoice`,
      {
        invoice_number: 'INV-1',
        invoice_date: '2026-11-28',
        total_cents: null,
        freight_cents: 0,
        costs: [],
        ...body,
      },
      token,
    );
  const post = (id: string, accept = false, token = owner) =>
    call('POST', `/purchasing/deliveries/${id}/post`, { accept_mismatch: accept }, token);
  const lucOf = async (id: number) =>
    (
      await server.db
        .select({ luc: products.luc, gst: products.gst })
        .from(products)
        .where(eq(products.id, id))
    )[0];
  const adjust = (id: number, delta: number) =>
    call('POST', `/stock/products/${id}/movements`, {
      id: randomUUID(),
      delta,
      reason: 'Other',
      made_at: new Date().toISOString(),
    });

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, staffToken: staff, otherToken: other } = await shopsWithStaff(server));
    supplier = (
      (await call('POST', '/suppliers', { id: randomUUID(), name: 'Cellar Direct' })).body as {
        supplier: Supplier;
      }
    ).supplier;
    const product = async (fields: Record<string, unknown>) =>
      (await call('POST', '/catalogue/products', { fields })).body as Product;
    shiraz = await product({
      name: 'Received Shiraz',
      luc: '9',
      list_price: '20',
      tax_category: 'gst10',
      case_size: '12',
    });
    gin = await product({
      name: 'Received Gin',
      luc: '48',
      list_price: '80',
      tax_category: 'gst10',
    });
    await adjust(shiraz.id, 12);
  });
  afterAll(() => server.close());

  it('adds up two tablets’ counts against the order, and posts stock and the weighted LUC once', async () => {
    const order = (
      (
        await call('POST', '/purchasing/orders', {
          id: randomUUID(),
          supplier_id: supplier.id,
          lines: [
            { product_id: shiraz.id, units: 36, unit_cost_cents: 1_000 },
            { product_id: gin.id, units: 6, unit_cost_cents: 5_000 },
          ],
        })
      ).body as { order: Order }
    ).order;
    const { id, response } = await start({ order_id: order.id });
    expect(response.status).toBe(201);
    // Tablet A scans two cases of Shiraz; tablet B counts 10 loose bottles and the gin, one broken.
    expect((await count(id, 'tablet-a', [[shiraz.id, 24, 0]])).status).toBe(200);
    expect(
      (
        await count(
          id,
          'tablet-b',
          [
            [shiraz.id, 10, 0],
            [gin.id, 5, 1],
          ],
          staff,
        )
      ).status,
    ).toBe(200);
    // Tablet A recounts: its own count is replaced, B's stays.
    const counted = await count(id, 'tablet-a', [[shiraz.id, 26, 0]]);
    expect(deliveryOf(counted).lines).toEqual([
      expect.objectContaining({ product_id: shiraz.id, ordered: 36, received: 36, damaged: 0 }),
      expect.objectContaining({ product_id: gin.id, ordered: 6, received: 5, damaged: 1 }),
    ]);
    // Each device's own counts come with it, so a tablet shows the others' beside its own.
    expect(deliveryOf(counted).counts).toEqual(
      expect.arrayContaining([
        { device_id: 'tablet-a', product_id: shiraz.id, received: 26, damaged: 0 },
        { device_id: 'tablet-b', product_id: shiraz.id, received: 10, damaged: 0 },
        { device_id: 'tablet-b', product_id: gin.id, received: 5, damaged: 1 },
      ]),
    );
    expect(deliveryOf(counted).counts).toHaveLength(3);
    // The invoice: Shiraz 36 at $10.00, gin 6 at $50.00, freight $33.00; GST 10 % on it all.
    const typed = await invoice(id, {
      total_cents: 76_230,
      freight_cents: 3_300,
      costs: [
        { product_id: shiraz.id, line_cents: 36_000 },
        { product_id: gin.id, line_cents: 30_000 },
      ],
    });
    expect(typed.status).toBe(200);
    const before = (await catalogueChanges(server, owner, 0)).body as { version: number };

    const posted = await post(id);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(deliveryOf(posted)).toMatchObject({ status: 'posted', difference_cents: 0, counts: [] });
    // Stock: 12 + 36 Shiraz; 5 gin (the broken one is not stock).
    expect(await stockOf(server, shiraz.id)).toBe(48);
    expect(await stockOf(server, gin.id)).toBe(5);
    // Freight by value: $18.00 on the Shiraz, $15.00 on the gin. Shiraz: (12 × $9 + $378) / 48
    // = $10.125 → $10.13. Gin: 5 of 6 billed units carry (30,000 + 1,500) × 5/6 = $262.50 → $52.50.
    expect(await lucOf(shiraz.id)).toEqual({ luc: '10.13', gst: '1.01' });
    expect(await lucOf(gin.id)).toEqual({ luc: '52.50', gst: '5.25' });
    const lines = deliveryOf(posted).lines;
    expect(
      lines.map((line) => [line.product_id, line.luc_before_cents, line.luc_after_cents]),
    ).toEqual([
      [shiraz.id, 900, 1_013],
      [gin.id, 4_800, 5_250],
    ]);
    // Every device learns the new LUC through the catalogue's change log.
    const changed = (await catalogueChanges(server, owner, before.version)).body as {
      products: Product[];
    };
    expect(
      changed.products.find((entry) => entry.id === shiraz.id) &&
        value(changed.products.find((entry) => entry.id === shiraz.id) as Product, 'luc'),
    ).toBe('10.13');
    // The movements say why and where from.
    const movements = await server.db
      .select({ delta: stockMovements.delta, note: stockMovements.note })
      .from(stockMovements)
      .where(
        and(eq(stockMovements.productId, shiraz.id), eq(stockMovements.reason, RECEIVED_REASON)),
      );
    expect(movements).toEqual([{ delta: 36, note: `Invoice INV-1, ${order.number}` }]);
    // The order: the Shiraz in full, the gin 5 of 6.
    const orders = (await server.call('GET', '/api/v1/purchasing/orders', { token: owner }))
      .body as { orders: Order[] };
    expect(orders.orders.find((each) => each.id === order.id)).toMatchObject({
      status: 'partly_received',
      lines: [{ received: 36 }, { received: 5 }],
    });

    // Posted again under another key: nothing moves twice; counts are closed.
    expect((await post(id)).status).toBe(200);
    expect(await stockOf(server, shiraz.id)).toBe(48);
    const late = await count(id, 'tablet-c', [[shiraz.id, 1, 0]]);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: DELIVERY_MESSAGES.posted });
  });

  it('refuses to post an invoice that does not add up until the difference is accepted', async () => {
    const { id } = await start();
    await count(id, 'tablet-a', [[gin.id, 2, 0]]);
    await invoice(id, { total_cents: 12_000, costs: [{ product_id: gin.id, line_cents: 10_000 }] });
    const refused = await post(id);
    expect(refused.status).toBe(409);
    // Expected $100.00 + $10.00 GST = $110.00: the invoice says $10.00 more.
    expect(refused.body).toEqual({ message: DELIVERY_MESSAGES.mismatch, difference_cents: 1_000 });
    const stock = await stockOf(server, gin.id);
    const accepted = await post(id, true);
    expect(accepted.status).toBe(200);
    expect(deliveryOf(accepted).difference_cents).toBe(1_000);
    expect(await stockOf(server, gin.id)).toBe((stock ?? 0) + 2);
  });

  it('posts an empty delivery moving nothing, and keeps a LUC without an invoice cost', async () => {
    // A post queued offline for a delivery whose products were all deleted meanwhile.
    const { id } = await start();
    const empty = await post(id);
    expect(empty.status).toBe(200);
    expect(deliveryOf(empty)).toMatchObject({ status: 'posted', lines: [] });
    const other = await start();
    const luc = await lucOf(gin.id);
    await count(other.id, 'tablet-a', [[gin.id, 1, 0]]);
    expect((await post(other.id)).status).toBe(200);
    expect(await lucOf(gin.id)).toEqual(luc);
  });

  it('lets staff scan a delivery in but leaves posting to a manager', async () => {
    const { id, response } = await start({}, staff);
    expect(response.status).toBe(201);
    expect((await count(id, 'tablet-s', [[gin.id, 3, 0]], staff)).status).toBe(200);
    expect(
      (await invoice(id, { costs: [{ product_id: gin.id, line_cents: 15_000 }] }, staff)).status,
    ).toBe(200);
    const refused = await post(id, false, staff);
    expect(refused.status).toBe(403);
    expect(deliveryOf(await count(id, 'tablet-s', [[gin.id, 3, 0]], staff)).status).toBe('open');
  });

  it('keeps deliveries to their business and refuses bad input, storing nothing', async () => {
    const { id } = await start();
    expect((await count(id, 'tablet-x', [[gin.id, 1, 0]], other)).status).toBe(404);
    expect((await post(id, true, other)).status).toBe(404);
    const foreign = (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: other,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { fields: { name: 'Hilltop Rum', luc: '20' } },
      })
    ).body as Product;
    for (const lines of [[[gin.id, -1, 0]], [[gin.id, 1.5, 0]], [[gin.id, 1, -2]]] as [
      number,
      number,
      number,
    ][][]) {
      expect((await count(id, 'tablet-a', lines)).status, JSON.stringify(lines)).toBe(400);
    }
    // Another business's product is left out of the counts, as a product deleted meanwhile is.
    const foreignCount = await count(id, 'tablet-a', [[foreign.id, 1, 0]]);
    expect(foreignCount.status).toBe(200);
    expect((foreignCount.body as { gone: number[] }).gone).toEqual([foreign.id]);
    expect(
      (await invoice(id, { costs: [{ product_id: foreign.id, line_cents: 100 }] })).status,
    ).toBe(200);
    expect((await invoice(id, { freight_cents: -5 })).status).toBe(400);
    expect((await invoice(id, { invoice_date: '2026-13-01' })).status).toBe(400);
    expect((await start({ supplier_id: randomUUID() })).response.status).toBe(400);
    expect((await start({ order_id: randomUUID() })).response.status).toBe(400);
    const list = (await server.call('GET', '/api/v1/purchasing/deliveries', { token: owner }))
      .body as {
      deliveries: Delivery[];
    };
    expect(list.deliveries.find((each) => each.id === id)?.lines).toEqual([]);
    const theirs = (await server.call('GET', '/api/v1/purchasing/deliveries', { token: other }))
      .body as {
      deliveries: Delivery[];
    };
    expect(theirs.deliveries).toEqual([]);
  });
  it('a replay’s deliveries in one batch: each answered as alone, refusals storing nothing, once', async () => {
    const before = await stockOf(server, gin.id);
    const first = randomUUID();
    const second = randomUUID();
    const at = new Date().toISOString();
    const write = (method: string, path: string, body: unknown) => ({
      method,
      path,
      idempotency_key: randomUUID(),
      body,
    });
    const started = (id: string, supplierId = supplier.id) =>
      write('POST', '/purchasing/deliveries', { id, supplier_id: supplierId, started_at: at });
    const counted = (id: string, units: number) =>
      write('PUT', `/purchasing/deliveries/${id}/counts`, {
        device_id: 'tablet-a',
        lines: [{ product_id: gin.id, received: units, damaged: 0, counted_at: at }],
      });
    const posted = (id: string) =>
      write('POST', `/purchasing/deliveries/${id}/post`, { accept_mismatch: false });
    const writes = [
      started(first),
      started(second),
      // A supplier the business does not have: refused in its place.
      started(randomUUID(), randomUUID()),
      counted(first, 2),
      counted(second, 3),
      // Counts of a delivery never started: refused, nothing stored.
      counted(randomUUID(), 5),
      posted(first),
      posted(second),
      // Counted after its post: refused.
      counted(first, 9),
    ];
    const batch = async () =>
      (
        (await server.call('POST', '/api/v1/batch', { token: owner, body: { writes } })).body as {
          answers: { status: number; body: unknown }[];
        }
      ).answers;
    const answers = await batch();
    expect(answers.map((answer) => answer.status)).toEqual([
      201, 201, 400, 200, 200, 404, 200, 200, 409,
    ]);
    expect(answers[2]?.body).toEqual({ message: DELIVERY_MESSAGES.supplierGone });
    expect(answers[8]?.body).toEqual({ message: DELIVERY_MESSAGES.posted });
    const answered = (index: number) =>
      (answers[index]?.body as { delivery?: Delivery } | undefined)?.delivery;
    expect(answered(3)?.lines).toEqual([
      expect.objectContaining({ product_id: gin.id, name: 'Received Gin', received: 2 }),
    ]);
    expect([answered(6)?.status, answered(7)?.status]).toEqual(['posted', 'posted']);
    expect(await stockOf(server, gin.id)).toBe((before ?? 0) + 5);
    // The whole batch again: the same answers, nothing received twice.
    expect(await batch()).toEqual(answers);
    expect(await stockOf(server, gin.id)).toBe((before ?? 0) + 5);
  });

  it('a replay’s posts go at once, each movement naming its invoice; one sharing a product posts after, at the LUC the first left', async () => {
    const product = async (name: string) =>
      (
        await call('POST', '/catalogue/products', {
          fields: { name, luc: '10', list_price: '30', tax_category: 'gst10' },
        })
      ).body as Product;
    const [red, white] = [await product('Batch Red'), await product('Batch White')];
    await Promise.all([adjust(red.id, 10), adjust(white.id, 10)]);
    // Three deliveries: red at $20, white at $20, then red again at $40.
    const deliveries = [
      { product: red, cents: 2_000, invoice: 'B-1' },
      { product: white, cents: 2_000, invoice: 'B-2' },
      { product: red, cents: 4_000, invoice: 'B-3' },
    ];
    const ids: string[] = [];
    for (const delivery of deliveries) {
      const { id } = await start();
      ids.push(id);
      await count(id, 'tablet-a', [[delivery.product.id, 10, 0]]);
      await invoice(id, {
        invoice_number: delivery.invoice,
        costs: [{ product_id: delivery.product.id, line_cents: delivery.cents * 10 }],
      });
    }
    const response = await server.call('POST', '/api/v1/batch', {
      token: owner,
      body: {
        writes: ids.map((id) => ({
          method: 'POST',
          path: `/purchasing/deliveries/${id}/post`,
          idempotency_key: randomUUID(),
          body: { accept_mismatch: true },
        })),
      },
    });
    const answers = (response.body as { answers: { status: number; body: unknown }[] }).answers;
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Red: 10 at $10 and 10 at $20 make 20 at $15; 10 more at $40 make 30 at $23.33.
    expect(Number((await lucOf(red.id))?.luc)).toBeCloseTo(23.33, 2);
    expect(Number((await lucOf(white.id))?.luc)).toBe(15);
    expect(await stockOf(server, red.id)).toBe(30);
    const received = await server.db
      .select({
        productId: stockMovements.productId,
        note: stockMovements.note,
        version: productChanges.catalogueVersion,
      })
      .from(stockMovements)
      .innerJoin(productChanges, eq(productChanges.movementId, stockMovements.id))
      .where(eq(stockMovements.reason, RECEIVED_REASON));
    const of = (invoiceNumber: string) =>
      received.find((row) => row.note === `Invoice ${invoiceNumber}`);
    expect([of('B-1')?.productId, of('B-2')?.productId, of('B-3')?.productId]).toEqual([
      red.id,
      white.id,
      red.id,
    ]);
    // The first two moved stock in one step of the ledger (at once); the third after them.
    expect(of('B-1')?.version).toBe(of('B-2')?.version);
    expect(of('B-3')?.version).toBeGreaterThan(of('B-1')?.version ?? 0);
  });
});
