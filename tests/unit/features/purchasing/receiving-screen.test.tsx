import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import type { Delivery } from '#domains/purchasing/receiving.ts';
import { DeliveriesView } from '#features/purchasing/components/deliveries-view.tsx';
import { PURCHASING_TEXT } from '#features/purchasing/purchasing-text.ts';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

const SHIRAZ_BOTTLE = '9312345000012';
const SHIRAZ_CASE = '9312345000036';

const catalogue = [
  inventoryItem(5, {
    product: 'Barossa Ridge Shiraz',
    barcode: SHIRAZ_BOTTLE,
    case_barcode: SHIRAZ_CASE,
    case_size: '12',
    luc: 9,
    gst: 0.9,
    listPrice: 20,
    stock_quantity: 4,
    tax_category: 'gst10',
  }),
  inventoryItem(6, { product: 'Harbour Navy Gin', luc: 48, gst: 4.8, listPrice: 80 }),
];

const delivery: Delivery = {
  id: '3f0c8a52-8d0e-4b8e-9a1e-5d2b7c9e1a01',
  supplier_id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  supplier: 'Cellar Direct',
  order_id: null,
  order_number: null,
  status: 'open',
  started_at: '2026-11-29T09:00:00.000Z',
  posted_at: null,
  invoice_number: '',
  invoice_date: null,
  total_cents: null,
  freight_cents: 0,
  lines: [],
  counts: [],
  difference_cents: null,
};

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

/** The delivery as the screen has it: read from this device, as the Deliveries tab does. */
async function renderScreen(canPost: boolean, shown: Delivery = delivery) {
  await db.deliveries.put(shown);
  return render(
    <DeliveriesView
      deliveryId={shown.id}
      catalogue={catalogue}
      catalogueNote={null}
      online={false}
      canPost={canPost}
      canEditCatalogue={false}
      onOpen={() => {}}
    />,
  );
}

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(await screen.findByLabelText('Scan or search'), `${code}{Enter}`);
}

describe('receiving a delivery on a tablet', () => {
  it('adds a case’s size for its barcode and one for a bottle, kept here and queued', async () => {
    const user = userEvent.setup();
    await renderScreen(true);
    await scan(user, SHIRAZ_CASE);
    expect(
      await screen.findByText('Barossa Ridge Shiraz: +12 (a case of 12), 12 here'),
    ).toBeTruthy();
    await scan(user, SHIRAZ_BOTTLE);
    expect(await screen.findByText('Barossa Ridge Shiraz: +1, 13 here')).toBeTruthy();
    expect(await db.receivedCounts.get([delivery.id, 5])).toMatchObject({
      received: 13,
      damaged: 0,
    });
    // The two counts wait as one request with the latest count.
    const waiting = await db.outbox.toArray();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.body).toMatchObject({
      lines: [{ product_id: 5, received: 13, damaged: 0 }],
    });
    await vi.waitFor(() => {
      const row = screen.getByRole('row', { name: /Barossa Ridge Shiraz/ });
      expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('13');
    });
  });

  it('says when a code is no product’s, or misread', async () => {
    const user = userEvent.setup();
    await renderScreen(true);
    await scan(user, '9300000000033');
    expect(await screen.findByText(SCAN_TEXT.notFound)).toBeTruthy();
    // The code stays, selected: the scanner's next code replaces it.
    const field = screen.getByLabelText('Scan or search') as HTMLInputElement;
    expect(field.value).toBe('9300000000033');
    await user.keyboard('9300000000034{Enter}');
    expect(await screen.findByText(SCAN_TEXT.badBarcode)).toBeTruthy();
    expect(field.value).toBe('9300000000034');
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a count that is not a whole number, keeping what was typed', async () => {
    const user = userEvent.setup();
    await renderScreen(true);
    await scan(user, SHIRAZ_BOTTLE);
    const here = await screen.findByLabelText('Received here of Barossa Ridge Shiraz');
    await user.clear(here);
    await user.type(here, '2.5{Enter}');
    expect(await screen.findByText(/Enter a whole number of units from 0/)).toBeTruthy();
    expect((here as HTMLInputElement).value).toBe('2.5');
    expect(await db.receivedCounts.get([delivery.id, 5])).toMatchObject({ received: 1 });
  });

  it('flags an invoice that does not add up, and posts it only when told to', async () => {
    const user = userEvent.setup();
    await renderScreen(true);
    await scan(user, SHIRAZ_CASE);
    await user.type(await screen.findByLabelText('Line cost of Barossa Ridge Shiraz'), '120');
    // $120.00 + 10 % GST = $132.00; the invoice says $130.00.
    await user.type(screen.getByLabelText('Invoice total (incl. GST)'), '130');
    expect(await screen.findByText(PURCHASING_TEXT.mismatch(-200))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post delivery' }));
    const asking = await screen.findByRole('alertdialog');
    expect(asking.textContent).toContain(PURCHASING_TEXT.postAnywayQuestion);
    const posts = () => db.outbox.filter((entry) => entry.path.endsWith('/post')).toArray();
    expect(await posts()).toHaveLength(0);
    await user.click(within(asking).getByRole('button', { name: PURCHASING_TEXT.postAnyway }));
    await vi.waitFor(async () => expect(await posts()).toHaveLength(1));
    const [post] = await posts();
    expect(post?.body).toEqual({ accept_mismatch: true });
    expect(post?.path).toBe(`/purchasing/deliveries/${delivery.id}/post`);
    // The invoice went first, as typed.
    const invoice = await db.outbox.filter((entry) => entry.path.endsWith('/invoice')).first();
    expect(invoice?.body).toMatchObject({
      total_cents: 13_000,
      costs: [{ product_id: 5, line_cents: 12_000 }],
    });
    expect(await screen.findByText(PURCHASING_TEXT.postQueued)).toBeTruthy();
    // What was typed stays on the screen, saved on this device.
    expect(
      (screen.getByLabelText('Line cost of Barossa Ridge Shiraz') as HTMLInputElement).value,
    ).toBe('120.00');
    expect((await db.deliveries.get(delivery.id))?.lines).toEqual([
      expect.objectContaining({ product_id: 5, line_cents: 12_000 }),
    ]);
  });

  it('leaves posting to a manager: staff count, and are told so', async () => {
    const user = userEvent.setup();
    await renderScreen(false);
    await scan(user, SHIRAZ_BOTTLE);
    expect(await screen.findByText(PURCHASING_TEXT.staffPost)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post delivery' })).toBeNull();
  });

  it('shows another tablet’s counts beside this one’s', async () => {
    const shown: Delivery = {
      ...delivery,
      lines: [
        {
          product_id: 6,
          name: 'Harbour Navy Gin',
          ordered: null,
          received: 5,
          damaged: 1,
          line_cents: null,
          luc_before_cents: null,
          luc_after_cents: null,
        },
      ],
      counts: [{ device_id: 'other-tablet', product_id: 6, received: 5, damaged: 1 }],
    };
    await renderScreen(true, shown);
    const row = await screen.findByRole('row', { name: /Harbour Navy Gin/ });
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('5 + 1 damaged');
    expect(
      (within(row).getByLabelText('Received here of Harbour Navy Gin') as HTMLInputElement).value,
    ).toBe('0');
  });
});
