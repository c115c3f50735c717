import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type StoredCustomField } from '#data/db.ts';
import { useCatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import { defaultInventorySettings } from '#domains/preferences/inventory-settings.ts';
import { BARCODE_MESSAGE } from '#domains/products/barcode.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { ProductForm } from '#features/inventory/components/product-form.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

const defaults = defaultInventorySettings().productDefaults;

const vintage: StoredCustomField = {
  id: 1,
  entity_type: 'product',
  field_key: 'wine_type',
  field_name: 'Wine Type',
  field_type: 'select',
  is_required: true,
  validation: { options: ['Red', 'White'] },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const stocked = (id: number, sku: string) => inventoryItem(id, { sku });

function Harness(props: {
  productDefaults?: typeof defaults;
  customFields?: StoredCustomField[];
  editing?: InventoryItem;
  onDone: () => void;
}) {
  const writes = useCatalogueWrites();
  return (
    <ProductForm
      editing={props.editing}
      catalogue={[stocked(1, 'PROD000041'), stocked(2, 'OTHER9')]}
      customFields={props.customFields ?? []}
      defaults={props.productDefaults ?? defaults}
      online
      writes={writes}
      onDone={props.onDone}
    />
  );
}

async function setup(props: Omit<Parameters<typeof Harness>[0], 'onDone'> = {}) {
  const onDone = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <Harness {...props} onDone={onDone} />
      <ToastRegion />
    </>,
  );
  const form = screen.getByRole('form', {
    name: props.editing ? `Edit Product: ${props.editing.product}` : 'Add Product',
  });
  const input = (name: string | RegExp) => within(form).getByLabelText(name, { exact: false });
  return { user, onDone, form, input };
}

const queued = async () =>
  (await db.outbox.toArray()).map((entry) => ({ op: entry.op, body: entry.body }));

beforeEach(async () => {
  // Offline, so nothing is sent: the tests read the outbox.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

describe('Add Inventory', () => {
  it('shows Total Cost, Margin and Markup as prices are typed, with GST offered from LUC', async () => {
    const { user, form, input } = await setup();
    const figure = (term: string) =>
      within(form).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([figure('Total Cost'), figure('Margin'), figure('Markup')]).toEqual(['—', '—', '—']);
    await user.type(input('LUC'), '20');
    expect((input('GST') as HTMLInputElement).value).toBe('2.00');
    // Product Defaults' markup of 50 % on $22.00 of cost.
    expect((input('List Price') as HTMLInputElement).value).toBe('33.00');
    await user.clear(input('List Price'));
    await user.type(input('List Price'), '44');
    expect([figure('Total Cost'), figure('Margin'), figure('Markup')]).toEqual([
      '$22.00',
      '50.00%',
      '$22.00',
    ]);
    // GST typed by hand is the user's: LUC no longer changes it.
    await user.clear(input('GST'));
    await user.type(input('GST'), '3');
    await user.type(input('LUC'), '0');
    expect((input('GST') as HTMLInputElement).value).toBe('3');
    expect(figure('Total Cost')).toBe('$203.00');
    // A price typed by hand stays too.
    expect((input('List Price') as HTMLInputElement).value).toBe('44');
  });

  it('suggests no list price when Product Defaults say not to', async () => {
    const { user, input } = await setup({
      productDefaults: { ...defaults, autoCalculateRetail: false },
    });
    await user.type(input('LUC'), '20');
    expect((input('List Price') as HTMLInputElement).value).toBe('');
  });

  it('offers no GST for a GST-free default tax category', async () => {
    const { user, input } = await setup({
      productDefaults: { ...defaults, defaultTaxCategory: 'gstFree' },
    });
    await user.type(input('LUC'), '20');
    expect((input('GST') as HTMLInputElement).value).toBe('0.00');
  });

  it('follows a tax category that arrives after LUC was typed, unless GST was typed', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    const view = render(<Harness onDone={onDone} />);
    const input = (name: string) =>
      within(screen.getByRole('form', { name: 'Add Product' })).getByLabelText(name, {
        exact: false,
      }) as HTMLInputElement;
    await user.type(input('LUC'), '20');
    expect(input('GST').value).toBe('2.00');
    view.rerender(
      <Harness productDefaults={{ ...defaults, defaultTaxCategory: 'gstFree' }} onDone={onDone} />,
    );
    expect(input('GST').value).toBe('0.00');
    await user.clear(input('GST'));
    await user.type(input('GST'), '1.50');
    view.rerender(<Harness onDone={onDone} />);
    expect(input('GST').value).toBe('1.50');
  });

  it('makes the SKU from Product Defaults when they say automatic, and the next one after a save', async () => {
    const { user, input } = await setup({
      productDefaults: { ...defaults, skuGeneration: 'automatic' },
    });
    expect((input('SKU') as HTMLInputElement).value).toBe('PROD000042');
    await user.type(input('Product Name'), 'Hill of Grace');
    await user.click(screen.getByRole('button', { name: 'Save and add another' }));
    expect(await screen.findByText('Hill of Grace added successfully!')).toBeTruthy();
    expect((input('SKU') as HTMLInputElement).value).toBe('PROD000043');
    expect(document.activeElement).toBe(input('Product Name'));
    expect((input('Product Name') as HTMLInputElement).value).toBe('');
    expect(await queued()).toEqual([
      {
        op: 'product.create',
        body: {
          fields: { name: 'Hill of Grace', sku: 'PROD000042', tax_category: 'gst10' },
          client_ref: expect.any(String),
        },
      },
    ]);
  });

  it('leaves the SKU to the user when manual, with Generate at hand', async () => {
    const { user, input } = await setup();
    expect((input('SKU') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((input('SKU') as HTMLInputElement).value).toBe('PROD000042');
  });

  it('keeps everything typed and says what is wrong next to each field', async () => {
    await db.customFields.put(vintage);
    const { user, form, input, onDone } = await setup({ customFields: [vintage] });
    await user.type(input(/^Barcode/), '4006381333932');
    await user.type(input('List Price'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    const alerts = await within(form).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Product name is required',
      BARCODE_MESSAGE,
      'List price cannot be negative',
      'Wine Type is required',
    ]);
    expect(document.activeElement).toBe(input('Product Name'));
    expect((input(/^Barcode/) as HTMLInputElement).value).toBe('4006381333932');
    expect(await queued()).toEqual([]);

    await user.type(input('Product Name'), 'Grange');
    await user.clear(input(/^Barcode/));
    await user.type(input(/^Barcode/), '4006381333931');
    await user.clear(input('List Price'));
    await user.selectOptions(input('Wine Type'), 'Red');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await queued()).toEqual([
      {
        op: 'product.create',
        body: {
          fields: {
            name: 'Grange',
            barcode: '4006381333931',
            wine_type: 'Red',
            tax_category: 'gst10',
          },
          client_ref: expect.any(String),
        },
      },
    ]);
  });
});

describe('Edit Product', () => {
  const grange = inventoryItem(7, {
    product: 'Grange 2018',
    version: 4,
    sku: 'VIN-100109',
    luc: 500,
    gst: 50,
    listPrice: 990,
    barcode: '4006381333931',
    category: 'Red Wine',
    custom: { wine_type: 'Red' },
  });

  it("shows every field with the product's values and sends only what changed, on its version", async () => {
    const { user, form, input, onDone } = await setup({
      editing: grange,
      customFields: [vintage],
    });
    expect((input('SKU') as HTMLInputElement).value).toBe('VIN-100109');
    expect((input('GST') as HTMLInputElement).value).toBe('50.00');
    expect((input(/^Barcode/) as HTMLInputElement).value).toBe('4006381333931');
    expect((input('Wine Type') as HTMLSelectElement).value).toBe('Red');
    expect(screen.queryByRole('button', { name: 'Save and add another' })).toBeNull();

    await user.clear(input('SKU'));
    await user.type(input('SKU'), 'VIN-200');
    await user.clear(input('GST'));
    await user.type(input('GST'), '45');
    // A GST typed stays when LUC changes.
    await user.clear(input('LUC'));
    await user.type(input('LUC'), '450');
    await user.type(input(/^Supplier$/), 'Negociants');
    await user.clear(within(form).getByLabelText('Category', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await queued()).toEqual([
      {
        op: 'product.update',
        body: {
          base_version: 4,
          changes: {
            sku: 'VIN-200',
            gst: '45.00',
            luc: '450.00',
            supplier: 'Negociants',
            category: null,
          },
        },
      },
    ]);
    expect(await screen.findByText('Changes to Grange 2018 saved.')).toBeTruthy();
  });

  it('moves GST with a new LUC or tax category when none is typed, and keeps it for a product without a category', async () => {
    const taxed = { ...grange, tax_category: 'gst10' };
    const { user, form, input, onDone } = await setup({ editing: taxed });
    const category = within(form).getByLabelText('Tax Category') as HTMLSelectElement;
    expect([...category.options].map((option) => option.text)).toEqual([
      '—',
      'GST 10%',
      'GST-free',
      'WET (wine equalisation tax)',
    ]);
    expect(category.value).toBe('gst10');
    await user.clear(input('LUC'));
    await user.type(input('LUC'), '480');
    expect((input('GST') as HTMLInputElement).value).toBe('48.00');
    await user.selectOptions(category, 'gstFree');
    expect((input('GST') as HTMLInputElement).value).toBe('0.00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect((await queued())[0]?.body).toEqual({
      base_version: 4,
      changes: { tax_category: 'gstFree', luc: '480.00', gst: '0.00' },
    });
  });

  it('leaves the GST of a product without a tax category until one is chosen', async () => {
    const { user, input, form } = await setup({ editing: { ...grange, gst: 0 } });
    expect((within(form).getByLabelText('Tax Category') as HTMLSelectElement).value).toBe('');
    await user.clear(input('LUC'));
    await user.type(input('LUC'), '480');
    expect((input('GST') as HTMLInputElement).value).toBe('0.00');
    expect(
      within(form).getByText('Choose a tax category to have GST suggested from LUC.'),
    ).toBeTruthy();
  });

  it("edits the wine's fields: a list of types, numbers with their limits, a vintage or NV", async () => {
    const { user, form, onDone } = await setup({ editing: grange, customFields: [vintage] });
    const field = (label: string) => within(form).getByLabelText(label, { exact: true });
    const type = field('Type') as HTMLSelectElement;
    expect([...type.options].map((option) => option.text)).toEqual([
      '—',
      'Red',
      'White',
      'Rosé',
      'Sparkling',
      'Fortified',
      'Sweet',
      'Spirit',
      'Beer',
      'Other',
    ]);
    expect(field('Alcohol %')).toHaveProperty('type', 'number');
    expect(field('Alcohol %').getAttribute('max')).toBe('100');
    expect(field('Alcohol %').getAttribute('step')).toBe('0.1');
    await user.type(field('Vintage'), 'old');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Vintage must be a year (1800–2100) or NV')).toBeTruthy();
    expect((field('Vintage') as HTMLInputElement).value).toBe('old');
    expect(await queued()).toEqual([]);

    await user.clear(field('Vintage'));
    await user.type(field('Vintage'), '2018');
    await user.selectOptions(type, 'Red');
    await user.type(field('Alcohol %'), '14.5');
    await user.type(field('Grape Varieties'), 'Shiraz');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await queued()).toEqual([
      {
        op: 'product.update',
        body: {
          base_version: 4,
          changes: { vintage: '2018', drink_type: 'Red', alcohol: '14.5', grapes: 'Shiraz' },
        },
      },
    ]);
  });

  it('refuses a wrong check digit under its field, keeps what was typed and saves nothing', async () => {
    const { user, form, input, onDone } = await setup({ editing: grange });
    await user.clear(input(/^Barcode/));
    await user.type(input(/^Barcode/), '4006381333932');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(BARCODE_MESSAGE);
    expect((input(/^Barcode/) as HTMLInputElement).value).toBe('4006381333932');
    expect(document.activeElement).toBe(input(/^Barcode/));
    expect(onDone).not.toHaveBeenCalled();
    expect(await queued()).toEqual([]);
  });

  it('closes without a write when nothing was changed', async () => {
    const { user, onDone } = await setup({ editing: grange });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await queued()).toEqual([]);
  });
});
