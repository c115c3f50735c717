import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { draftOrder, editDraftOrder } from '#data/repositories/buying.ts';
import {
  countReceived,
  postReceived,
  saveDeliveryInvoice,
  startReceiving,
} from '#data/repositories/deliveries.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { clearLocalData } from '../helpers/local-data.ts';
import { CELLAR_DIRECT } from '../helpers/supplier.ts';

const supplier = CELLAR_DIRECT;

// Offline: everything waits in the outbox, as the tablet leaves it.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
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
