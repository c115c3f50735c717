import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredCustomField } from '#data/db.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { ESSENTIAL_COLUMNS } from '#features/inventory/columns.ts';
import { InventoryTableView } from '#features/inventory/components/inventory-table-view.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { loadInventoryChunks } from '../../helpers/lazy-chunks.ts';

beforeAll(() => loadInventoryChunks(), 30_000);

// The page loads the grid when it opens (lazy-inventory-grid.tsx); here it is the stand-in.
vi.mock('#features/inventory/components/lazy-inventory-grid.tsx', async () => ({
  LazyInventoryGrid: (await import('./grid-stand-in.tsx')).GridStandIn,
  preloadInventoryGrid: () => undefined,
}));

const wine = (id: number, product: string, extra: Partial<InventoryItem> = {}): InventoryItem => ({
  id,
  product,
  producer: `Producer ${id}`,
  country: 'France',
  region: 'Bordeaux',
  appellation: 'Margaux',
  luc: 10 * id,
  gst: id,
  listPrice: 30 * id,
  margin: 63.33,
  status: 'In Stock',
  stock_quantity: 20,
  custom: {},
  ...extra,
});

const catalogue = Array.from({ length: 23 }, (_, i) =>
  wine(i + 1, `Wine ${String(i + 1).padStart(2, '0')}`),
);

function setup(items: InventoryItem[] = catalogue) {
  const user = userEvent.setup();
  render(
    <>
      <InventoryTableView catalogue={items} columns={ESSENTIAL_COLUMNS} />
      <ToastRegion />
    </>,
  );
  const grid = () => screen.getByRole('table', { name: 'inventory grid' });
  const rowTitles = () =>
    within(grid())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]?.textContent);
  return { user, grid, rowTitles };
}

const summaryText = () => screen.getByText(/^Showing /).textContent;

describe('inventory table view', () => {
  it('shows 10 rows by default with the spec paging text and buttons', () => {
    const { rowTitles } = setup();
    expect(rowTitles()).toHaveLength(10);
    expect(summaryText()).toBe('Showing 1 to 10 of 23 results');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('pages with Next and the numbered buttons', async () => {
    const { user, rowTitles } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(summaryText()).toBe('Showing 11 to 20 of 23 results');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(summaryText()).toBe('Showing 21 to 23 of 23 results');
    expect(rowTitles()).toEqual(['Wine 21', 'Wine 22', 'Wine 23']);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers 'Show:' 10, 25, 50 and 100, and a new size returns to page 1", async () => {
    const { user, rowTitles } = setup();
    const select = screen.getByLabelText('Show:') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(select, '25');
    expect(summaryText()).toBe('Showing 1 to 23 of 23 results');
    expect(rowTitles()).toHaveLength(23);
  });

  it('searches, returns to page 1, and says when nothing matches', async () => {
    const { user, rowTitles } = setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const search = screen.getByPlaceholderText('Search products, producers, regions...');
    await user.type(search, 'producer 2');
    expect(summaryText()).toBe('Showing 1 to 5 of 5 results');
    expect(rowTitles()).toEqual(['Wine 02', 'Wine 20', 'Wine 21', 'Wine 22', 'Wine 23']);
    await user.clear(search);
    await user.type(search, 'Château Nowhere');
    expect(screen.getByText('No products found for "Château Nowhere".')).toBeTruthy();
  });

  it("says 'No products available.' for an empty catalogue", () => {
    setup([]);
    expect(screen.getByText('No products available.')).toBeTruthy();
  });

  it('sorts by a header click, toggling on the same column', async () => {
    const { user, rowTitles } = setup();
    expect(rowTitles()[0]).toBe('Wine 01');
    await user.click(screen.getByRole('button', { name: /^Product Name/ }));
    expect(rowTitles()[0]).toBe('Wine 23');
    await user.click(screen.getByRole('button', { name: /^LUC/ }));
    expect(rowTitles()[0]).toBe('Wine 01');
    await user.click(screen.getByRole('button', { name: /^LUC/ }));
    expect(rowTitles()[0]).toBe('Wine 23');
  });

  it('shows the six summary cards, the stock at cost beside the list prices', () => {
    setup([
      wine(1, 'A', {
        listPrice: 100,
        luc: 60.25,
        stock_quantity: 2,
        margin: 40,
        status: 'In Stock',
      }),
      wine(2, 'B', {
        listPrice: 50.5,
        luc: 30,
        stock_quantity: 0,
        margin: 10,
        status: 'Out of Stock',
      }),
    ]);
    const cards = screen.getByRole('list', { name: 'Inventory summary' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Total Products2',
      'Total Inventory Value$150.50Stock at cost (LUC): $120.50',
      'In Stock1',
      'Low Stock0At or below 10 available (your setting)',
      'Out of Stock1',
      'Average Margin25.0%',
    ]);
  });

  it('edits one row: Enter saves, the margin is recomputed', async () => {
    const { user, grid } = setup([
      wine(1, 'Grange', { luc: 10, gst: 1, listPrice: 20, margin: 45 }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const luc = screen.getByLabelText('LUC (Landed Unit Cost)') as HTMLInputElement;
    expect(luc.type).toBe('number');
    expect(luc.step).toBe('0.01');
    expect(within(grid()).getAllByRole('row')[1]?.dataset.editing).toBe('true');
    await user.clear(luc);
    await user.type(luc, '14.5{Enter}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(grid()).getByText('$14.50')).toBeTruthy();
    expect(within(grid()).getByText('22.50%')).toBeTruthy();
  });

  it('discards edits on Escape', async () => {
    const { user, grid } = setup([wine(1, 'Grange')]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Producer/Brand'), ' Estate{Escape}');
    expect(screen.queryByLabelText('Producer/Brand')).toBeNull();
    expect(within(grid()).getByText('Producer 1')).toBeTruthy();
  });

  it("duplicates as '{product} (Copy)' right after the original", async () => {
    const { user, rowTitles } = setup([wine(1, 'Grange'), wine(2, 'Hill of Grace')]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(rowTitles()).toEqual(['Grange', 'Grange (Copy)', 'Hill of Grace']);
  });

  it('deletes after the confirmation and says so', async () => {
    const { user, rowTitles } = setup([wine(1, 'Grange'), wine(2, 'Hill of Grace')]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Product?' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete Grange? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rowTitles()).toEqual(['Grange', 'Hill of Grace']);

    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(rowTitles()).toEqual(['Hill of Grace']);
    expect(screen.getByText('Grange deleted successfully!')).toBeTruthy();
  });

  it('View History of a sample product says it is to be implemented', async () => {
    const { user } = setup([wine(1, 'Grange')]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'View History' }));
    expect(screen.getByText('View History - Feature to be implemented')).toBeTruthy();
  });

  it('Export downloads the product as a CSV file', async () => {
    const files: { name: string; blob: Blob }[] = [];
    let made: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      made = blob;
      return 'blob:product';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (made) files.push({ name: this.download, blob: made });
    });
    try {
      const { user } = setup([wine(1, 'Grange', { sku: 'VIN-000001', listPrice: 20 })]);
      await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
      await user.click(screen.getByRole('menuitem', { name: 'Export' }));
      expect(files.map((file) => file.name)).toEqual(['VIN-000001.csv']);
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(files[0]?.blob as Blob);
      });
      expect(text).toContain('Product name');
      expect(text).toContain('Grange');
      expect(screen.queryByText('Export - Feature to be implemented')).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('closes the options menu on Escape and on a click outside', async () => {
    const { user } = setup([wine(1, 'Grange')]);
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    expect(screen.getByRole('menu', { name: 'Options for Grange' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the product detail from a product name', async () => {
    const { user } = setup([wine(42, 'Grange', { luc: 100, gst: 10, listPrice: 200, margin: 45 })]);
    await user.click(screen.getByRole('button', { name: 'Grange' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grange' });
    expect(dialog.textContent).toContain('SKU: 000042');
    expect(dialog.textContent).toContain('Total Cost$110.00');
    expect(dialog.textContent).toContain('Markup$90.00');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows, sorts by number and edits the wine's columns: the type from its list", async () => {
    const user = userEvent.setup();
    const columns = [
      ...ESSENTIAL_COLUMNS.slice(0, 2),
      { key: 'drink_type', label: 'Type', isCustom: false },
      { key: 'bottle_ml', label: 'Bottle Size (ml)', isCustom: false },
    ];
    render(
      <InventoryTableView
        catalogue={[
          wine(1, 'Grange', { drink_type: 'Red', bottle_ml: '750' }),
          wine(2, 'Magnum', { drink_type: 'Red', bottle_ml: '1500' }),
          wine(3, 'Half', { bottle_ml: '375' }),
        ]}
        columns={columns}
      />,
    );
    const grid = screen.getByRole('table', { name: 'inventory grid' });
    const cells = (column: number) =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[column]?.textContent);
    await user.click(screen.getByRole('button', { name: 'Bottle Size (ml)' }));
    expect(cells(4)).toEqual(['375 ml', '750 ml', '1500 ml']);

    await user.click(screen.getByRole('button', { name: 'Options for Half' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('form', { name: 'Edit Half' });
    const type = within(editor).getByLabelText('Type') as HTMLSelectElement;
    expect(type.tagName).toBe('SELECT');
    await user.selectOptions(type, 'Sweet');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(cells(3)).toEqual(['Sweet', 'Red', 'Red']);
  });

  it('shows, sorts and edits custom field columns', async () => {
    const user = userEvent.setup();
    const columns = [
      ...ESSENTIAL_COLUMNS.slice(0, 2),
      { key: 'wine_type', label: 'Wine Type (Custom)', isCustom: true },
    ];
    render(
      <InventoryTableView
        catalogue={[
          wine(1, 'Grange', { custom: { wine_type: 'Red' } }),
          wine(2, 'Cloudy Bay', { custom: { wine_type: 'White' } }),
        ]}
        columns={columns}
      />,
    );
    const grid = screen.getByRole('table', { name: 'inventory grid' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Product Name (asc)', 'Producer/Brand', 'Wine Type (Custom)', 'options']);
    const values = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[3]?.textContent);
    await user.click(screen.getByRole('button', { name: 'Wine Type (Custom)' }));
    expect(values()).toEqual(['Red', 'White']);
    await user.click(screen.getByRole('button', { name: /^Wine Type \(Custom\)/ }));
    expect(values()).toEqual(['White', 'Red']);

    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const input = screen.getByLabelText('Wine Type (Custom)', {
      selector: 'input',
    }) as HTMLInputElement;
    expect(input.placeholder).toBe('Enter text or numbers');
    await user.clear(input);
    await user.type(input, 'Rosé{Enter}');
    expect(values()).toEqual(['White', 'Rosé']);
  });
});

describe('the row editor gives each custom field the input of its type', () => {
  const definition = (
    field_key: string,
    field_name: string,
    field_type: StoredCustomField['field_type'],
    options?: string[],
  ): StoredCustomField => ({
    id: field_key,
    entity_type: 'product',
    field_key,
    field_name,
    field_type,
    is_required: false,
    validation: options ? { options } : {},
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
  });
  const fields = [
    definition('size', 'Bottle Size', 'select', ['375ml', '750ml', '1.5L']),
    definition('regions', 'Regions', 'multi_select', ['Bordeaux', 'Burgundy', 'Champagne']),
    definition('organic', 'Organic', 'boolean'),
    definition('bottled', 'Bottled', 'date'),
    definition('score', 'Score', 'number'),
  ];
  const columns = [
    ...ESSENTIAL_COLUMNS.slice(0, 1),
    ...fields.map((field) => ({
      key: field.field_key,
      label: `${field.field_name} (Custom)`,
      isCustom: true,
    })),
  ];

  it('a list of options, boxes to tick, yes or no, a date and a number; saved as the form saves them', async () => {
    const user = userEvent.setup();
    const edit = vi.fn().mockResolvedValue(null);
    render(
      <InventoryTableView
        catalogue={[
          wine(1, 'Grange', {
            custom: { size: '750ml', regions: ['Bordeaux'], organic: true, score: 94 },
          }),
        ]}
        columns={columns}
        customFields={fields}
        writes={{ create: vi.fn(), edit, duplicate: vi.fn(), remove: vi.fn(), adjust: vi.fn() }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('form', { name: 'Edit Grange' });

    const size = within(editor).getByLabelText('Bottle Size (Custom)') as HTMLSelectElement;
    expect(size.tagName).toBe('SELECT');
    expect([...size.options].map((option) => option.value)).toEqual(['', '375ml', '750ml', '1.5L']);
    expect(size.value).toBe('750ml');
    const organic = within(editor).getByLabelText('Organic (Custom)') as HTMLSelectElement;
    expect(organic.value).toBe('yes');
    expect((within(editor).getByLabelText('Bottled (Custom)') as HTMLInputElement).type).toBe(
      'date',
    );
    expect((within(editor).getByLabelText('Score (Custom)') as HTMLInputElement).type).toBe(
      'number',
    );
    const regions = within(editor).getByRole('group', { name: 'Regions (Custom)' });
    expect(
      (within(regions).getByRole('checkbox', { name: 'Bordeaux' }) as HTMLInputElement).checked,
    ).toBe(true);

    await user.selectOptions(size, '1.5L');
    await user.click(within(regions).getByRole('checkbox', { name: 'Champagne' }));
    await user.selectOptions(organic, 'no');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), {
      size: '1.5L',
      regions: 'Bordeaux, Champagne',
      organic: 'no',
    });
  });
});

describe('a product opened from elsewhere (Scan Product)', () => {
  const writes = {
    create: vi.fn(),
    edit: vi.fn(),
    duplicate: vi.fn(),
    remove: vi.fn(),
    adjust: vi.fn(),
  };
  const open = (action: 'detail' | 'adjust', productId = 23) => {
    const onOpened = vi.fn();
    render(
      <InventoryTableView
        catalogue={catalogue}
        columns={ESSENTIAL_COLUMNS}
        writes={writes}
        stockReasons={['Damaged']}
        opening={{ productId, action }}
        onOpened={onOpened}
      />,
    );
    return onOpened;
  };

  it('opens its detail, even when it is not on the page shown', () => {
    const onOpened = open('detail');
    expect(screen.getByRole('dialog', { name: /Wine 23/ })).toBeTruthy();
    expect(onOpened).toHaveBeenCalledTimes(1);
  });

  it('opens its stock adjustment', () => {
    open('adjust');
    expect(screen.getByRole('dialog', { name: 'Adjust stock: Wine 23' })).toBeTruthy();
  });

  it('opens nothing for a product that is not in the catalogue, and says it is done', () => {
    const onOpened = open('detail', 999);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpened).toHaveBeenCalledTimes(1);
  });
});
