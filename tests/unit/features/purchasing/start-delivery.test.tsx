import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import { DeliveriesView, NEW_DELIVERY } from '#features/purchasing/components/deliveries-view.tsx';
import { clearLocalData } from '../../helpers/local-data.ts';
import { CELLAR_DIRECT } from '../../helpers/supplier.ts';

const other = { ...CELLAR_DIRECT, id: '8f14e45f-ceea-467f-a0e6-a1a4b5c3d2e1', name: 'Hill Estate' };

const order = (id: string, supplierId: string, number: string, status: Order['status']) => ({
  id,
  number,
  supplier_id: supplierId,
  supplier: '',
  status,
  sent_at: null,
  sent_via: null,
  expected_on: null,
  notes: null,
  created_at: '2026-11-20T09:00:00.000Z',
  lines: [],
  total_cents: 0,
});

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
  await db.suppliers.bulkPut([CELLAR_DIRECT, other]);
  await db.purchaseOrders.bulkPut([
    order('0c5a1e6b-1f6e-4d7b-9d59-3f1b8a7c2d10', CELLAR_DIRECT.id, 'PO-0001', 'sent'),
    order('1d6b2f7c-2a7f-4e8c-8e6a-4a2c9b8d3e21', CELLAR_DIRECT.id, 'PO-0002', 'received'),
    order('2e7c3a8d-3b8a-4f9d-9f7b-5b3d0c9e4f32', other.id, 'PO-0003', 'sent'),
  ]);
});

describe('starting a delivery', () => {
  it('asks for the supplier, offers only its open orders, and starts against the one chosen', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <DeliveriesView
        catalogue={[]}
        catalogueNote={null}
        online={false}
        canPost
        canEditCatalogue
        deliveryId={NEW_DELIVERY}
        onOpen={onOpen}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Start receiving' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose the supplier the delivery is from',
    );
    expect(screen.getByLabelText('Supplier').getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Supplier'), CELLAR_DIRECT.id);
    expect(screen.queryByRole('alert')).toBeNull();
    const choices = [...(screen.getByLabelText('Purchase order') as HTMLSelectElement).options];
    expect(choices.map((option) => option.textContent?.split(' · ')[0])).toEqual([
      'None: lines as they come',
      'PO-0001',
    ]);
    await user.selectOptions(screen.getByLabelText('Purchase order'), 'PO-0001 · 20 Nov 2026');
    await user.click(screen.getByRole('button', { name: 'Start receiving' }));

    const [started] = await db.deliveries.toArray();
    expect(started).toMatchObject({
      supplier_id: CELLAR_DIRECT.id,
      order_id: '0c5a1e6b-1f6e-4d7b-9d59-3f1b8a7c2d10',
      order_number: 'PO-0001',
      status: 'open',
    });
    expect(onOpen).toHaveBeenCalledWith(started?.id);
  });
});
