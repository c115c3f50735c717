import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { addSupplier, draftOrder, editDraftOrder } from '#data/repositories/buying.ts';
import {
  COUNTS_GATHER_MS,
  countReceived,
  postReceived,
  saveDeliveryInvoice,
  startReceiving,
} from '#data/repositories/deliveries.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import type { BatchRequest } from '#shared/sync/batch.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';
import { CELLAR_DIRECT } from '../helpers/supplier.ts';

const supplier = CELLAR_DIRECT;

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Offline: everything waits in the outbox, as the tablet leaves it.
let online = false;
beforeEach(async () => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
});

const waiting = async () =>
  (await db.outbox.orderBy('seq').toArray()).map((entry) => ({
    method: entry.method,
    path: entry.path,
    body: entry.body as Record<string, unknown>,
  }));

describe('buying offline, as it waits to be sent', () => {
  it('keeps a delivery’s start, counts, invoice and post apart, in the order they were made', async () => {
    const delivery = await startReceiving(
      { supplier_id: supplier.id, order_id: null },
      { supplier: supplier.name, orderNumber: null },
    );
    await countReceived(delivery, 5, 12, 0);
    const invoice = {
      invoice_number: 'CD-1',
      invoice_date: '2026-11-29',
      total_cents: 13_200,
      freight_cents: 0,
      costs: [{ product_id: 5, line_cents: 12_000 }],
    };
    await saveDeliveryInvoice(delivery, { ...invoice, invoice_number: 'CD-0' });
    await saveDeliveryInvoice(delivery, invoice);
    await postReceived(delivery, false);
    const base = `/purchasing/deliveries/${delivery.id}`;
    expect(await waiting()).toEqual([
      {
        method: 'POST',
        path: '/purchasing/deliveries',
        body: expect.objectContaining({ id: delivery.id, supplier_id: supplier.id }),
      },
      {
        method: 'PUT',
        path: `${base}/counts`,
        body: expect.objectContaining({
          lines: [expect.objectContaining({ product_id: 5, received: 12 })],
        }),
      },
      // Saved twice: the later invoice, once.
      { method: 'PUT', path: `${base}/invoice`, body: invoice },
      { method: 'POST', path: `${base}/post`, body: { accept_mismatch: false } },
    ]);
  });

  it('sends a draft changed before it was sent as one create of the changed draft', async () => {
    const lines = [{ product_id: 5, name: 'Shiraz', units: 12, unit_cost_cents: 900 }];
    const order = await draftOrder(supplier, lines);
    await editDraftOrder(order, [{ ...lines[0], units: 24 } as (typeof lines)[number]]);
    expect(await waiting()).toEqual([
      {
        method: 'POST',
        path: '/purchasing/orders',
        body: {
          id: order.id,
          supplier_id: supplier.id,
          lines: [{ product_id: 5, units: 24, unit_cost_cents: 900 }],
        },
      },
    ]);
    expect((await db.purchaseOrders.get(order.id))?.total_cents).toBe(21_600);
  });
});

describe('buying back online', () => {
  /** What reached the server, a request at a time: a batch's writes together. */
  const sent: string[][] = [];
  /** The server's answer to a write: the record as this device made it. */
  async function answer(path: string, body: { id?: string } | null) {
    const id = /[0-9a-f-]{36}/.exec(path)?.[0] ?? body?.id ?? '';
    if (path.startsWith('/suppliers')) return { supplier: await db.suppliers.get(id) };
    if (path.startsWith('/purchasing/orders')) return { order: await db.purchaseOrders.get(id) };
    return { delivery: await db.deliveries.get(id), products: [], gone: [] };
  }
  const label = (method: string, path: string, body: unknown) =>
    `${method} ${path.replace(/[0-9a-f-]{36}/, (id) => names.get(id) ?? id)}${
      method === 'POST' && path === '/purchasing/deliveries'
        ? ` of ${names.get((body as { id: string }).id)}`
        : ''
    }`;
  const names = new Map<string, string>();
  /** The lines of each counts write the server was sent alone. */
  const counted: unknown[][] = [];

  beforeEach(async () => {
    sent.length = 0;
    counted.length = 0;
    names.clear();
    await saveSession({
      accessToken: 'a1',
      refreshToken: 'r1',
      user: { email: 'demo@vintry.test' },
    });
    mockServer.use(
      http.post('*/api/v1/batch', async ({ request }) => {
        const { writes } = (await request.json()) as BatchRequest;
        sent.push(writes.map((write) => label(write.method, write.path, write.body)));
        return HttpResponse.json({
          answers: await Promise.all(
            writes.map(async (write) => ({
              status: 200,
              body: await answer(write.path, write.body as { id?: string }),
            })),
          ),
        });
      }),
      ...['*/api/v1/suppliers*', '*/api/v1/purchasing/*'].map((route) =>
        http.all(route, async ({ request }) => {
          const path = new URL(request.url).pathname.replace('/api/v1', '');
          const body = (await request.json()) as { id?: string } | null;
          sent.push([label(request.method, path, body)]);
          if (path.endsWith('/counts')) counted.push((body as { lines?: unknown[] }).lines ?? []);
          return HttpResponse.json(await answer(path, body));
        }),
      ),
    );
  });

  it('sends a burst of scans’ counts as one write once the scanning pauses', async () => {
    const delivery = await startReceiving(
      { supplier_id: supplier.id, order_id: null },
      { supplier: supplier.name, orderNumber: null },
    );
    names.set(delivery.id, 'the delivery');
    online = true;
    await requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    sent.length = 0;
    // A scan every 100 ms: each count is stored at once, and none goes while they come.
    for (const received of [1, 2, 3]) {
      await countReceived(delivery, 5, received, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await countReceived(delivery, 6, 1, 0);
    expect(sent).toEqual([]);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0), {
      timeout: COUNTS_GATHER_MS * 3,
    });
    expect(sent).toEqual([['PUT /purchasing/deliveries/the delivery/counts']]);
    expect(counted).toEqual([
      [
        expect.objectContaining({ product_id: 5, received: 3 }),
        expect.objectContaining({ product_id: 6, received: 1 }),
      ],
    ]);
  });

  it('sends deliveries side by side, each after its supplier and its order made here before', async () => {
    const newcomer = await addSupplier({ name: 'Hill Estate' });
    names.set(newcomer.id, 'Hill Estate');
    const order = await draftOrder(newcomer, [
      { product_id: 5, name: 'Shiraz', units: 12, unit_cost_cents: 900 },
    ]);
    names.set(order.id, 'the order');
    const deliveries = [
      await startReceiving(
        { supplier_id: newcomer.id, order_id: order.id },
        { supplier: newcomer.name, orderNumber: null },
      ),
      await startReceiving(
        { supplier_id: supplier.id, order_id: null },
        { supplier: supplier.name, orderNumber: null },
      ),
      await startReceiving(
        { supplier_id: supplier.id, order_id: null },
        { supplier: supplier.name, orderNumber: null },
      ),
    ];
    deliveries.forEach((delivery, index) => {
      names.set(delivery.id, `delivery ${index + 1}`);
    });
    for (const delivery of deliveries) await postReceived(delivery, false);

    online = true;
    await requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent).toEqual([
      // Nothing waits for the supplier made here but its own order and delivery: the others go
      // with it.
      [
        'POST /suppliers',
        'POST /purchasing/deliveries of delivery 2',
        'POST /purchasing/deliveries of delivery 3',
      ],
      [
        'POST /purchasing/orders',
        'POST /purchasing/deliveries/delivery 2/post',
        'POST /purchasing/deliveries/delivery 3/post',
      ],
      ['POST /purchasing/deliveries of delivery 1'],
      ['POST /purchasing/deliveries/delivery 1/post'],
    ]);
  });
});
