import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { useCatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { TAX_REVIEW_TEXT, TaxReview } from '#features/inventory/components/tax-review.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

function Harness({ items }: { items: InventoryItem[] }) {
  const writes = useCatalogueWrites();
  return <TaxReview items={items} writes={writes} />;
}

const queued = async () =>
  (await db.outbox.toArray()).map((entry) => ({ op: entry.op, body: entry.body }));

beforeEach(async () => {
  // Offline, so nothing is sent: the test reads the outbox.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

describe('products stored without a tax category', () => {
  const water = inventoryItem(3, { product: 'Spring Water', luc: 1.2, gst: 0, version: 2 });
  const shiraz = inventoryItem(4, { product: 'Old Shiraz', luc: 20, gst: 0, version: 5 });
  const taxed = inventoryItem(5, { product: 'Taxed Gin', luc: 30, gst: 3, tax_category: 'gst10' });

  it('says nothing when every product has one', () => {
    render(<Harness items={[taxed]} />);
    expect(screen.queryByText(TAX_REVIEW_TEXT.open)).toBeNull();
  });

  it('lists them for the owner to confirm, and saves each category chosen with its GST', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness items={[water, shiraz, taxed]} />
        <ToastRegion />
      </>,
    );
    expect(screen.getByText(TAX_REVIEW_TEXT.note(2), { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: TAX_REVIEW_TEXT.open }));
    const dialog = screen.getByRole('dialog', { name: TAX_REVIEW_TEXT.title });
    expect(within(dialog).queryByText(/Taxed Gin/)).toBeNull();
    const save = within(dialog).getByRole('button', { name: /^Save/ });
    expect(save).toHaveProperty('disabled', true);
    await user.selectOptions(within(dialog).getByLabelText(TAX_REVIEW_TEXT.setAll), 'gst10');
    await user.selectOptions(within(dialog).getByLabelText(/Spring Water/), 'gstFree');
    await user.click(within(dialog).getByRole('button', { name: TAX_REVIEW_TEXT.save(2) }));
    expect(await screen.findByText(TAX_REVIEW_TEXT.saved(2))).toBeTruthy();
    expect(await queued()).toEqual([
      {
        op: 'product.update',
        body: { base_version: 2, changes: { tax_category: 'gstFree', gst: '0.00' } },
      },
      {
        op: 'product.update',
        body: { base_version: 5, changes: { tax_category: 'gst10', gst: '2.00' } },
      },
    ]);
  });
});
