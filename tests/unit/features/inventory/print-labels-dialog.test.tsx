import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { barcodeModules, ean8Modules, ean13Modules } from '#domains/products/barcode-bars.ts';
import {
  LABEL_TEXT,
  PrintLabelsDialog,
  vintageOf,
} from '#features/inventory/components/print-labels-dialog.tsx';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const grange = inventoryItem(7, {
  product: 'Penfolds Grange 2018',
  producer: 'Penfolds',
  listPrice: 1099.99,
  barcode: '9300727001234',
  sku: 'VIN-000007',
});

/** The bars drawn, back as modules: a '1' for each unit a rect covers. */
function drawnModules(svg: Element): string {
  const width = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const modules = Array.from({ length: width }, () => '0');
  for (const rect of svg.querySelectorAll('rect')) {
    const x = Number(rect.getAttribute('x'));
    for (let i = 0; i < Number(rect.getAttribute('width')); i += 1) modules[x + i] = '1';
  }
  return modules.join('').slice(9, -9);
}

describe('shelf labels', () => {
  it('show the name, producer and vintage, the price and the barcode drawn as bars', () => {
    render(<PrintLabelsDialog items={[grange]} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Print labels: Penfolds Grange 2018' });
    expect(within(dialog).getByText('Penfolds · 2018')).toBeTruthy();
    expect(within(dialog).getByText('$1,099.99')).toBeTruthy();
    const bars = within(dialog).getByRole('img', { name: 'Barcode 9300727001234' });
    expect(drawnModules(bars)).toBe(ean13Modules('9300727001234'));
  });

  it('say a bottle size other than 750 ml', () => {
    const half = inventoryItem(8, {
      product: 'Seppeltsfield Para Tawny',
      producer: 'Seppeltsfield',
      vintage: 'NV',
      bottle_ml: '375',
      listPrice: 29.99,
    });
    render(<PrintLabelsDialog items={[half, grange]} onClose={() => {}} />);
    expect(screen.getAllByText('Seppeltsfield · NV · 375 ml').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Penfolds · 2018').length).toBeGreaterThan(0);
  });

  it('print a sheet of as many labels as asked, and refuse a count out of range', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<PrintLabelsDialog items={[grange]} onClose={() => {}} />);
    const count = screen.getByLabelText('Labels');
    await user.clear(count);
    await user.type(count, '6');
    expect(document.querySelectorAll('.print-sheet .shelf-label')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.clear(count);
    await user.type(count, '0');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(screen.getByRole('alert').textContent).toBe(LABEL_TEXT.count);
    expect(print).toHaveBeenCalledTimes(1);
    expect((count as HTMLInputElement).value).toBe('0');
    print.mockRestore();
  });

  it('say so and show the SKU for a product with no barcode', () => {
    render(<PrintLabelsDialog items={[{ ...grange, barcode: undefined }]} onClose={() => {}} />);
    expect(screen.getByText(LABEL_TEXT.noBarcode)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Barcode/ })).toBeNull();
  });

  it("take the product's own vintage before the one its name carries", () => {
    render(<PrintLabelsDialog items={[{ ...grange, vintage: 'NV' }]} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Print labels: Penfolds Grange 2018' });
    expect(within(dialog).getByText('Penfolds · NV')).toBeTruthy();
  });

  it('print one label for each row the table shows, and ask for a narrower search past 500', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const rows = [
      grange,
      inventoryItem(8, { product: 'Henschke Hill of Grace 2017', barcode: '9300727001241' }),
      inventoryItem(9, { product: 'Ardbeg 10 Year Old', barcode: undefined, sku: 'VIN-000009' }),
    ];
    const { unmount } = render(<PrintLabelsDialog items={rows} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Print labels: 3 products' })).toBeTruthy();
    expect(screen.getByText(LABEL_TEXT.sheet(3))).toBeTruthy();
    expect(screen.getByText(LABEL_TEXT.noBarcodes(1))).toBeTruthy();
    const names = [...document.querySelectorAll('.print-sheet .shelf-label__name')].map(
      (name) => name.textContent,
    );
    expect(names).toEqual(rows.map((row) => row.product));
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();

    const many = Array.from({ length: 501 }, (_, i) => inventoryItem(i + 1));
    render(<PrintLabelsDialog items={many} onClose={() => {}} />);
    expect(screen.getByText(LABEL_TEXT.tooMany(501))).toBeTruthy();
    expect(document.querySelectorAll('.print-sheet .shelf-label')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('read the vintage from the name, NV for a non-vintage wine', () => {
    expect(vintageOf('Penfolds Grange 2018')).toBe('2018');
    expect(vintageOf('Krug Grande Cuvée NV')).toBe('NV');
    expect(vintageOf('Ardbeg 10 Year Old')).toBeNull();
  });
});

describe('barcode bars', () => {
  it('draw EAN-13 in 95 modules, UPC-A as its EAN-13 with a leading 0, EAN-8 in 67', () => {
    expect(ean13Modules('9300727001234')).toHaveLength(95);
    expect(barcodeModules('012345678905')).toBe(ean13Modules('0012345678905'));
    const eight = ean8Modules('96385074');
    expect(eight).toHaveLength(67);
    expect(eight.slice(0, 3)).toBe('101');
    expect(eight.slice(31, 36)).toBe('01010');
    // The left digits in the L set (odd parity: an odd number of bars), the right in R (even).
    for (let i = 0; i < 4; i += 1) {
      const left = eight.slice(3 + 7 * i, 10 + 7 * i);
      const right = eight.slice(36 + 7 * i, 43 + 7 * i);
      expect([...left].filter((bit) => bit === '1').length % 2).toBe(1);
      expect([...right].filter((bit) => bit === '1').length % 2).toBe(0);
    }
    expect(barcodeModules('VIN-1')).toBeNull();
  });
});
