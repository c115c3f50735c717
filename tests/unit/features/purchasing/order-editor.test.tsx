import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { ORDER_MESSAGES } from '#domains/purchasing/purchase-order.ts';
import { OrderEditor } from '#features/purchasing/components/order-editor.tsx';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { CELLAR_DIRECT } from '../../helpers/supplier.ts';

const supplier = CELLAR_DIRECT;

const catalogue = [
  inventoryItem(5, { product: 'Barossa Ridge Shiraz', sku: 'BRS-1', luc: 9, case_size: '12' }),
  inventoryItem(6, { product: 'Harbour Navy Gin', sku: 'HNG-1', luc: 48 }),
];

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
  await db.suppliers.put(supplier);
});

describe('a purchase order made by hand', () => {
  it('adds products in cases or units at their LUC, refuses bad units, and saves a draft', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<OrderEditor catalogue={catalogue} onSaved={onSaved} onCancel={() => {}} />);
    await user.selectOptions(await screen.findByLabelText('Supplier'), supplier.id);
    await user.type(screen.getByLabelText('Add a product'), 'BRS-1{Enter}');
    // A case of 12 at its LUC; a second case at a press.
    expect((screen.getByLabelText('Units of Barossa Ridge Shiraz') as HTMLInputElement).value).toBe(
      '12',
    );
    await user.click(screen.getByRole('button', { name: '+ case of 12' }));
    expect((screen.getByLabelText('Units of Barossa Ridge Shiraz') as HTMLInputElement).value).toBe(
      '24',
    );
    await user.type(screen.getByLabelText('Add a product'), 'navy{Enter}');
    await user.click(await screen.findByRole('button', { name: /Harbour Navy Gin/ }));
    const gin = screen.getByLabelText('Units of Harbour Navy Gin');
    await user.clear(gin);
    await user.type(gin, '0');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(ORDER_MESSAGES.units)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    await user.clear(gin);
    await user.type(gin, '6');
    // 24 × $9.00 + 6 × $48.00.
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toContain('$504.00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toMatchObject({
      supplier_id: supplier.id,
      lines: [
        { product_id: 5, units: 24, unit_cost_cents: 900 },
        { product_id: 6, units: 6, unit_cost_cents: 4_800 },
      ],
    });
  });

  it('asks for a supplier and a product before saving', async () => {
    const user = userEvent.setup();
    render(<OrderEditor catalogue={catalogue} onSaved={() => {}} onCancel={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Choose the supplier to order from')).toBeTruthy();
    expect(screen.getByText(ORDER_MESSAGES.lines)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
});
