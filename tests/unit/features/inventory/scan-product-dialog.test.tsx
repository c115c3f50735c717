import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  type CatalogueReadiness,
  ScanProductDialog,
} from '#features/inventory/scanning/scan-product-dialog.tsx';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const SHIRAZ = inventoryItem(1, {
  product: 'Hill of Grace Shiraz 2017',
  sku: 'HOG-2017',
  barcode: '9311111000010',
  stock_quantity: 4,
  status: 'Low Stock',
});
const GRANGES = [
  inventoryItem(2, { product: 'Grange 2018', barcode: '9311111000027', stock_quantity: 12 }),
  inventoryItem(3, { product: 'Grange 2019', barcode: '9311111000027', stock_quantity: 30 }),
];
const CATALOGUE = [SHIRAZ, ...GRANGES];

function open({
  readiness = 'held',
  catalogue = CATALOGUE,
  onAttach = vi.fn(async () => null),
}: {
  readiness?: CatalogueReadiness;
  catalogue?: InventoryItem[];
  onAttach?: (item: InventoryItem, code: string) => Promise<Record<string, string> | null>;
} = {}) {
  const calls = { onOpen: vi.fn(), onAdd: vi.fn(), onClose: vi.fn(), onAttach };
  const view = render(
    <ScanProductDialog
      catalogue={catalogue}
      readiness={readiness}
      onAttach={calls.onAttach}
      onOpen={calls.onOpen}
      onAdd={calls.onAdd}
      onClose={calls.onClose}
    />,
  );
  return { ...calls, ...view };
}

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = screen.getByLabelText('Scan or search');
  await user.clear(field);
  await user.type(field, `${code}{Enter}`);
}

describe('Scan Product', () => {
  it('starts in the scan field, so a scanner can be used at once', () => {
    open();
    expect(document.activeElement).toBe(screen.getByLabelText('Scan or search'));
  });

  it('opens a known code: its product, to open or to adjust', async () => {
    const user = userEvent.setup();
    const { onOpen } = open();
    await scan(user, '9311111000010');
    const card = screen.getByRole('article', { name: SHIRAZ.product });
    expect(card.textContent).toContain('HOG-2017');
    expect(within(card).getByText('Low Stock')).toBeTruthy();
    expect(screen.getByLabelText('Scan or search')).toHaveProperty('value', '');
    await user.click(within(card).getByRole('button', { name: 'Adjust stock' }));
    expect(onOpen).toHaveBeenLastCalledWith(SHIRAZ, 'adjust');
    await user.click(within(card).getByRole('button', { name: 'Open product' }));
    expect(onOpen).toHaveBeenLastCalledWith(SHIRAZ, 'detail');
  });

  it('judges a code scanned while the catalogue is coming once it is here', async () => {
    const user = userEvent.setup();
    const { rerender, onOpen, onAdd, onClose, onAttach } = open({
      readiness: 'loading',
      catalogue: [],
    });
    await scan(user, '9311111000010');
    expect(screen.getByText(SCAN_TEXT.loading)).toBeTruthy();
    rerender(
      <ScanProductDialog
        catalogue={CATALOGUE}
        readiness="held"
        onAttach={onAttach}
        onOpen={onOpen}
        onAdd={onAdd}
        onClose={onClose}
      />,
    );
    expect(await screen.findByRole('article', { name: SHIRAZ.product })).toBeTruthy();
    expect(screen.queryByText(SCAN_TEXT.newBarcode('9311111000010'))).toBeNull();
  });

  it('asks which product when several share the code', async () => {
    const user = userEvent.setup();
    open();
    await scan(user, '9311111000027');
    const choices = screen.getByRole('list', { name: SCAN_TEXT.several(2) });
    await user.click(within(choices).getByRole('button', { name: /Grange 2019/ }));
    expect(screen.getByRole('article', { name: 'Grange 2019' })).toBeTruthy();
  });

  it('finds by SKU and by name too', async () => {
    const user = userEvent.setup();
    open();
    await scan(user, 'hog-2017');
    expect(screen.getByRole('article', { name: SHIRAZ.product })).toBeTruthy();
    await scan(user, 'grange');
    expect(
      within(screen.getByRole('list', { name: SCAN_TEXT.matches })).getAllByRole('button'),
    ).toHaveLength(2);
    await scan(user, 'Penfolds Bin 389');
    expect(screen.getByText(SCAN_TEXT.notFound)).toBeTruthy();
    expect(screen.getByLabelText('Scan or search')).toHaveProperty('value', 'Penfolds Bin 389');
  });

  it('names a misread barcode and keeps it where it was typed', async () => {
    const user = userEvent.setup();
    open();
    await scan(user, '9311111000011');
    expect(screen.getByText(SCAN_TEXT.badBarcode)).toBeTruthy();
    expect(screen.getByLabelText('Scan or search')).toHaveProperty('value', '9311111000011');
  });

  it('offers a new code to Add Inventory', async () => {
    const user = userEvent.setup();
    const { onAdd } = open();
    await scan(user, '55123457');
    expect(screen.getByText(SCAN_TEXT.newBarcode('55123457'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add as a new product' }));
    expect(onAdd).toHaveBeenCalledWith('55123457');
  });

  it('attaches a new code to a product, saying which barcode it replaces', async () => {
    const user = userEvent.setup();
    const onAttach = vi.fn(async () => null);
    open({ onAttach });
    await scan(user, '9311111000034');
    await user.click(screen.getByRole('button', { name: 'Attach to a product' }));
    const search = screen.getByLabelText(SCAN_TEXT.attachPrompt('9311111000034'));
    expect(document.activeElement).toBe(search);
    await user.type(search, 'hill grace');
    await user.click(screen.getByRole('button', { name: /Hill of Grace Shiraz 2017/ }));
    expect(screen.getByText(/It replaces the product's barcode 9311111000010\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Attach barcode' }));
    expect(onAttach).toHaveBeenCalledWith(SHIRAZ, '9311111000034');
    expect(screen.getByText(SCAN_TEXT.attached('9311111000034'))).toBeTruthy();
    expect(screen.getByRole('article', { name: SHIRAZ.product })).toBeTruthy();
  });

  it('shows why an attach was refused, and stays on it', async () => {
    const user = userEvent.setup();
    open({
      onAttach: async () => ({ barcode: 'Barcode must be a valid EAN-13, UPC-A or EAN-8 code' }),
    });
    await scan(user, '9311111000034');
    await user.click(screen.getByRole('button', { name: 'Attach to a product' }));
    await user.type(screen.getByLabelText(SCAN_TEXT.attachPrompt('9311111000034')), 'Grange 2018');
    await user.click(screen.getByRole('button', { name: /Grange 2018/ }));
    await user.click(screen.getByRole('button', { name: 'Attach barcode' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Barcode must be a valid EAN-13, UPC-A or EAN-8 code',
    );
    expect(screen.getByRole('button', { name: 'Attach barcode' })).toBeTruthy();
  });

  it('says when the catalogue is loading, or not on this device', () => {
    const { unmount } = open({ readiness: 'loading' });
    expect(screen.getByText(SCAN_TEXT.loading)).toBeTruthy();
    unmount();
    open({ readiness: 'absent' });
    expect(screen.getByText(SCAN_TEXT.absent)).toBeTruthy();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
