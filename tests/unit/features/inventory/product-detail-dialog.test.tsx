import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import type { ReorderLine } from '#domains/purchasing/reorder.ts';
import {
  DETAIL_TEXT,
  ProductDetailDialog,
  SALES_TEXT,
  STOCK_TEXT,
} from '#features/inventory/components/product-detail-dialog.tsx';
import { RECENT_ORDERS_TEXT } from '#features/inventory/components/recent-orders.tsx';
import { REORDER_TEXT } from '#features/inventory/components/reorder-information.tsx';
import { mockServer } from '../../../mocks/server.ts';
// The API client reads the session's tokens from the store this module installs, as in the app.
import '#data/session.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

/** A product's sales as the server sums them: `units` a month, this month last. */
function serveSales(productId: number, units: number[]) {
  const months = units.map((sold, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    units: sold,
    revenue_cents: sold * 9_999,
  }));
  const last = months.at(-1) ?? { units: 0, revenue_cents: 0 };
  mockServer.use(
    http.get(`*/api/v1/sales/products/${productId}/summary`, () =>
      HttpResponse.json({
        month: { units: last.units, revenue_cents: last.revenue_cents },
        year: {
          units: months.reduce((sum, month) => sum + month.units, 0),
          revenue_cents: months.reduce((sum, month) => sum + month.revenue_cents, 0),
        },
        months,
      }),
    ),
  );
}

/** A product's reorder figures as the server works them out. */
function serveReorder(productId: number, line: Partial<ReorderLine>) {
  mockServer.use(
    http.get(`*/api/v1/purchasing/products/${productId}/reorder`, () =>
      HttpResponse.json({
        product_id: productId,
        name: 'Ardbeg 10 Year Old',
        stock: 8,
        point: null,
        quantity: null,
        automatic: false,
        weekly_rate: 0,
        lead_days: 7,
        case_size: null,
        unit_cost_cents: 6_250,
        explanation: "Sells 0 a week; 7 days' lead",
        supplier_id: null,
        supplier: 'Island Spirits Trading',
        ...line,
      } satisfies ReorderLine),
    ),
  );
}

const grange: InventoryItem = {
  id: 7,
  product: 'Penfolds Grange 2018',
  producer: 'Penfolds',
  country: 'Australia',
  region: 'South Australia',
  appellation: 'Barossa Valley',
  luc: 640,
  gst: 64,
  listPrice: 1099.99,
  margin: 36,
  status: 'Low Stock',
  custom: {},
};

function setup({ canEdit = true, item = grange, ofCatalogue = false, online = true } = {}) {
  const onClose = vi.fn();
  const onViewOrders = vi.fn();
  const onViewInCatalog = vi.fn();
  const onExport = vi.fn();
  const onPrintLabel = vi.fn();
  const onShowProducer = vi.fn();
  const onEditProduct = vi.fn();
  const user = userEvent.setup();
  // Movements are asked of the server only for a product of the catalogue; none here.
  const queries = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={queries}>
      <button type="button">opener</button>
      <ProductDetailDialog
        item={item}
        onClose={onClose}
        onShowProducer={onShowProducer}
        onEditProduct={canEdit ? onEditProduct : undefined}
        onAdjustStock={ofCatalogue ? vi.fn() : undefined}
        onViewOrders={onViewOrders}
        onViewInCatalog={onViewInCatalog}
        onExport={onExport}
        onPrintLabel={onPrintLabel}
        online={online}
      />
    </QueryClientProvider>,
  );
  return {
    user,
    onClose,
    onShowProducer,
    onEditProduct,
    onViewOrders,
    onViewInCatalog,
    onExport,
    onPrintLabel,
    dialog: screen.getByRole('dialog', { name: item.product }),
  };
}

const fact = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Product Detail popup', () => {
  it('shows the header: name, producer, status badge and, for a product with no SKU, the padded id', () => {
    const { dialog } = setup();
    expect(within(dialog).getByText('Penfolds', { selector: 'p' })).toBeTruthy();
    expect(within(dialog).getByText('Low Stock').className).toContain('status-badge--yellow');
    expect(within(dialog).getByText('SKU: 000007')).toBeTruthy();
  });

  it("shows the product's own SKU in the header when it has one", () => {
    const { dialog } = setup({ item: { ...grange, sku: 'VIN-100109' } });
    expect(within(dialog).getByText('SKU: VIN-100109')).toBeTruthy();
    expect(within(dialog).queryByText('SKU: 000007')).toBeNull();
  });

  it('opens on Overview with the origin and the pricing breakdown', () => {
    const { dialog } = setup();
    expect(
      within(dialog).getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(fact(dialog, 'Appellation')).toBe('Barossa Valley');
    expect(fact(dialog, 'Base Cost (LUC)')).toBe('$640.00');
    expect(fact(dialog, 'GST')).toBe('$64.00');
    expect(fact(dialog, 'Total Cost')).toBe('$704.00');
    expect(fact(dialog, 'List Price')).toBe('$1,099.99');
    expect(fact(dialog, 'Margin %')).toBe('36.00%');
    expect(fact(dialog, 'Markup')).toBe('$395.99');
    for (const section of [
      'Wine Classification',
      'Producer Information',
      'Tasting Notes',
      'Food Pairing',
      'Rating',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeTruthy();
    }
  });

  it('shows the placeholder stock and orders, computed from the prices', async () => {
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
    expect(fact(dialog, 'Available')).toBe('24');
    expect(fact(dialog, 'Reserved')).toBe('6');
    expect(fact(dialog, 'Total')).toBe('30');
    expect(fact(dialog, 'Stock Value')).toBe('$32,999.70');
    expect(fact(dialog, 'Reorder Point')).toBe('12');
    expect(fact(dialog, 'Reorder Quantity')).toBe('48');
    expect(fact(dialog, 'Lead Time')).toBe('14 days');
    expect(fact(dialog, 'Preferred Supplier')).toBe('Penfolds');
    const table = within(dialog).getByRole('table');
    const firstOrder = within(table).getAllByRole('row')[1];
    expect(
      within(firstOrder as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-10-15', '24', '$640.00', '$15,360.00', 'Delivered']);
  });

  it("'View all orders' goes to the purchase orders", async () => {
    const { user, dialog, onViewOrders } = setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
    await user.click(within(dialog).getByRole('button', { name: 'View all orders' }));
    expect(onViewOrders).toHaveBeenCalledTimes(1);
  });

  describe('a product of the catalogue', () => {
    const ardbeg: InventoryItem = {
      ...grange,
      id: 110,
      product: 'Ardbeg 10 Year Old',
      producer: 'Ardbeg',
      country: 'Scotland',
      region: 'Islay',
      appellation: '',
      sku: 'VIN-100109',
      supplier: 'Island Spirits Trading',
      luc: 62.5,
      listPrice: 99.99,
      stock_quantity: 8,
      status: 'Low Stock',
    };

    it('shows its own values, and a dash or words where it has none: never a fixed value', () => {
      const { dialog } = setup({ item: ardbeg, ofCatalogue: true });
      expect(fact(dialog, 'Country')).toBe('Scotland');
      expect(fact(dialog, 'Appellation')).toBe('—');
      for (const term of [
        'Vintage',
        'Type',
        'Grape Varieties',
        'Alcohol',
        'Bottle Size',
        'Serving Temp',
      ]) {
        expect(fact(dialog, term), term).toBe('—');
      }
      expect(dialog.textContent).not.toContain('2019');
      expect(dialog.textContent).not.toContain('94/100');
      expect(dialog.textContent).not.toContain('Red Wine');
      expect(within(dialog).getAllByText(DETAIL_TEXT.notRecorded)).toHaveLength(3);
      expect(within(dialog).getByText('Ardbeg, Islay, Scotland.')).toBeTruthy();
    });

    it("shows the wine's fields it has, each with its unit", async () => {
      const { user, dialog } = setup({
        item: {
          ...ardbeg,
          vintage: 'NV',
          drink_type: 'Spirit',
          alcohol: '46',
          bottle_ml: '700',
          serving_temp: 'Room temperature',
          tasting: 'Peat smoke and sea spray.',
          rating: '92',
          storage_location: 'Spirits wall',
        },
        ofCatalogue: true,
      });
      expect(fact(dialog, 'Vintage')).toBe('NV');
      expect(fact(dialog, 'Type')).toBe('Spirit');
      expect(fact(dialog, 'Grape Varieties')).toBe('—');
      expect(fact(dialog, 'Alcohol')).toBe('46 %');
      expect(fact(dialog, 'Bottle Size')).toBe('700 ml');
      expect(within(dialog).getByText('Peat smoke and sea spray.')).toBeTruthy();
      expect(within(dialog).getByText('92/100')).toBeTruthy();
      // Food pairing is the one it has not recorded.
      expect(within(dialog).getAllByText(DETAIL_TEXT.notRecorded)).toHaveLength(1);
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      expect(within(dialog).getByText('Spirits wall')).toBeTruthy();
    });

    it('values its stock at list price and at cost, and names its own supplier', async () => {
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      expect(fact(dialog, 'Total')).toBe('8');
      expect(fact(dialog, 'Stock Value (at list price)')).toBe('$799.92');
      expect(fact(dialog, 'Stock Value (at cost, LUC)')).toBe('$500.00');
      expect(fact(dialog, 'Preferred Supplier')).toBe('Island Spirits Trading');
      expect(await within(dialog).findByText(RECENT_ORDERS_TEXT.none)).toBeTruthy();
      expect(within(dialog).queryByText('Delivered')).toBeNull();
    });

    it('lists its purchase orders as this device keeps them, newest first', async () => {
      const order = (id: string, day: string, units: number, status: Order['status']): Order => ({
        id,
        number: `PO-00000${id}`,
        supplier_id: 's',
        supplier: 'Island Spirits Trading',
        status,
        sent_at: null,
        sent_via: null,
        expected_on: null,
        notes: null,
        created_at: `${day}T01:00:00.000Z`,
        lines: [
          {
            product_id: ardbeg.id,
            name: 'Ardbeg 10 Year Old',
            units,
            unit_cost_cents: 6_250,
            received: 0,
          },
          { product_id: 999, name: 'Other', units: 1, unit_cost_cents: 100, received: 0 },
        ],
        total_cents: units * 6_250 + 100,
      });
      await db.purchaseOrders.bulkPut([
        order('1', '2026-10-01', 12, 'received'),
        order('2', '2026-11-20', 6, 'sent'),
        { ...order('3', '2026-11-21', 6, 'draft'), lines: [] },
      ]);
      try {
        const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
        await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
        const cells = async (index: number) =>
          within((await within(dialog).findAllByRole('row'))[index] as HTMLElement)
            .getAllByRole('cell')
            .map((cell) => cell.textContent);
        await within(dialog).findByText('Sent · PO-000002');
        expect(await cells(1)).toEqual([
          '2026-11-20',
          '6',
          '$62.50',
          '$375.00',
          'Sent · PO-000002',
        ]);
        expect(await cells(2)).toEqual([
          '2026-10-01',
          '12',
          '$62.50',
          '$750.00',
          'Received · PO-000001',
        ]);
        expect(dialog.textContent).not.toContain('PO-000003');
      } finally {
        await db.purchaseOrders.clear();
      }
    });

    it('shows the reorder figures the server works out from its sales, and when it next needs ordering', async () => {
      serveReorder(ardbeg.id, {
        point: 3,
        quantity: 12,
        automatic: true,
        weekly_rate: 1.5,
        lead_days: 14,
        case_size: 6,
        explanation: "Sells 1.5 a week; 14 days' lead; 2 cases of 6",
      });
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      await within(dialog).findByText('Reorder Point');
      expect(fact(dialog, 'Reorder Point')).toBe('3');
      expect(fact(dialog, 'Reorder Quantity')).toBe('12');
      expect(fact(dialog, 'Lead Time')).toBe('14 days');
      expect(fact(dialog, 'Case Size')).toBe('6 units');
      // 8 in stock, 5 above its point, at 1.5 a week: 23.3 days.
      expect(fact(dialog, 'Next Reorder')).toBe('In about 24 days');
      expect(
        within(dialog).getByText(
          "Worked out from its sales: Sells 1.5 a week; 14 days' lead; 2 cases of 6.",
        ),
      ).toBeTruthy();
      expect(dialog.textContent).not.toContain('48');
    });

    it('says a product without reorder figures has none set, and not when it needs ordering', async () => {
      serveReorder(ardbeg.id, {});
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      await within(dialog).findByText('Reorder Point');
      expect(fact(dialog, 'Reorder Point')).toBe(REORDER_TEXT.notSet);
      expect(fact(dialog, 'Reorder Quantity')).toBe(REORDER_TEXT.notSet);
      expect(fact(dialog, 'Case Size')).toBe('—');
      expect(fact(dialog, 'Next Reorder')).toBe(REORDER_TEXT.notSet);
    });

    it('says the reorder figures need the connection while offline', async () => {
      mockServer.use(
        http.get(`*/api/v1/purchasing/products/${ardbeg.id}/reorder`, async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true, online: false });
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      expect(within(dialog).getByText(REORDER_TEXT.needsConnection)).toBeTruthy();
      expect(fact(dialog, 'Preferred Supplier')).toBe('Island Spirits Trading');
    });

    it('says no sales are recorded instead of inventing them', async () => {
      serveSales(
        ardbeg.id,
        Array.from({ length: 12 }, () => 0),
      );
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
      await user.click(within(dialog).getByRole('tab', { name: 'Analytics' }));
      expect(await within(dialog).findAllByText(DETAIL_TEXT.noSales)).toHaveLength(2);
      expect(within(dialog).queryByText('Units Sold')).toBeNull();
      expect(dialog.textContent).not.toContain('4.2x/year');
    });

    it("shows a product's own sales: this month, its turnover and the last 12 months", async () => {
      serveSales(ardbeg.id, [0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 10, 3]);
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true });
      await user.click(within(dialog).getByRole('tab', { name: 'Analytics' }));
      await within(dialog).findByText('Units Sold');
      expect(fact(dialog, 'Units Sold')).toBe('3');
      expect(fact(dialog, 'Revenue')).toBe('$299.97');
      expect(fact(dialog, 'Avg Sale Price')).toBe('$99.99');
      // 17 sold in a year against 8 in stock.
      expect(fact(dialog, 'Turnover Rate')).toBe('2.1x/year');
      const trend = within(dialog).getByRole('list', { name: 'Units sold by month' });
      expect(within(trend).getAllByRole('listitem')).toHaveLength(12);
      expect(within(trend).getAllByRole('listitem')[10]?.textContent).toContain('November 2026');
      expect(dialog.textContent).not.toContain('4.2x/year');
    });

    it('says the movements need the connection while offline, never a spinner that does not end', async () => {
      mockServer.use(
        http.get(`*/api/v1/stock/products/${ardbeg.id}/movements`, async () => {
          await delay('infinite');
          return HttpResponse.json({ movements: [] });
        }),
      );
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true, online: false });
      await user.click(within(dialog).getByRole('tab', { name: 'Stock & Orders' }));
      expect(within(dialog).getByText(STOCK_TEXT.needsConnection)).toBeTruthy();
      expect(within(dialog).queryByText('Loading movements...')).toBeNull();
    });

    it('says what the sales need when they cannot be loaded offline', async () => {
      mockServer.use(
        http.get(`*/api/v1/sales/products/${ardbeg.id}/summary`, () => HttpResponse.error()),
      );
      const { user, dialog } = setup({ item: ardbeg, ofCatalogue: true, online: false });
      await user.click(within(dialog).getByRole('tab', { name: 'Analytics' }));
      expect((await within(dialog).findAllByText(SALES_TEXT.offline)).length).toBeGreaterThan(0);
      expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  it('shows the placeholder analytics', async () => {
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Analytics' }));
    expect(fact(dialog, 'Units Sold')).toBe('18');
    expect(fact(dialog, 'Revenue')).toBe('$19,799.82');
    expect(fact(dialog, 'Turnover Rate')).toBe('4.2x/year');
    expect(
      within(dialog).getByRole('img', { name: '12-Month Sales Trend chart placeholder' }),
    ).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user, dialog } = setup();
    within(dialog).getByRole('tab', { name: 'Overview' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('tab', { name: 'Stock & Orders' }).getAttribute('aria-selected'),
    ).toBe('true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(
      within(dialog).getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('has the five footer buttons', () => {
    const { dialog } = setup();
    for (const label of [
      'Print Label',
      'View in Catalog',
      'Share',
      'Export Data',
      'Edit Product',
    ]) {
      expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('View in Catalog, Export Data and Print Label act on the product shown', async () => {
    const { user, dialog, onViewInCatalog, onExport, onPrintLabel } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Print Label' }));
    expect(onPrintLabel).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'View in Catalog' }));
    expect(onViewInCatalog).toHaveBeenCalledWith(grange);
    await user.click(within(dialog).getByRole('button', { name: 'Export Data' }));
    expect(onExport).toHaveBeenCalledWith(grange);
  });

  it('Share copies a link that opens the product where there is no share sheet', async () => {
    const { user, dialog } = setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/inventory?product=7`);
  });

  it('Share uses the share sheet where there is one', async () => {
    const { user, dialog } = setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: grange.product,
        text: grange.product,
        url: `${window.location.origin}/inventory?product=7`,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('opens the product form from Edit Product, offered only to a role that may edit', async () => {
    const { user, dialog, onEditProduct } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Product' }));
    expect(onEditProduct).toHaveBeenCalledTimes(1);
  });

  it('does not offer Edit Product to a role that may not edit', () => {
    const { dialog } = setup({ canEdit: false });
    expect(within(dialog).queryByRole('button', { name: 'Edit Product' })).toBeNull();
  });

  it('closes on Escape, on Close and on the backdrop, and locks page scrolling meanwhile', async () => {
    const { user, onClose } = setup();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(document.querySelector('.modal__backdrop') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('keeps focus inside while open', async () => {
    const { user, dialog } = setup();
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it("searches the producer from 'View all products from this producer'", async () => {
    const { user, dialog, onShowProducer } = setup();
    await user.click(
      within(dialog).getByRole('button', { name: 'View all products from this producer' }),
    );
    expect(onShowProducer).toHaveBeenCalledWith('Penfolds');
  });
});
