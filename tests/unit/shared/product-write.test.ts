import { describe, expect, it } from 'vitest';
import { checkCustomValue, type ValueRules } from '#domains/custom-fields/values.ts';
import { BARCODE_MESSAGE, CASE_BARCODE_MESSAGE } from '#domains/products/barcode.ts';
import {
  type CustomFieldRules,
  checkNewProduct,
  checkProductChanges,
  conflictingFields,
} from '#domains/products/product-write.ts';

const rules = (
  field_type: ValueRules['field_type'],
  validation: ValueRules['validation'] = {},
) => ({
  field_name: 'Vintage',
  field_type,
  is_required: false,
  validation,
});

describe('custom field values against their definition', () => {
  it('numbers: type, minimum and maximum', () => {
    const vintage = rules('number', { min_value: 1900, max_value: 2030 });
    expect(checkCustomValue(vintage, '2019')).toEqual({ ok: true, value: 2019 });
    expect(checkCustomValue(vintage, 'old')).toEqual({
      ok: false,
      message: 'Vintage must be a number',
    });
    expect(checkCustomValue(vintage, 1850)).toEqual({
      ok: false,
      message: 'Vintage must be at least 1900',
    });
    expect(checkCustomValue(vintage, '2031')).toEqual({
      ok: false,
      message: 'Vintage must be at most 2030',
    });
  });

  it('required, and empty stored as null', () => {
    expect(checkCustomValue({ ...rules('text'), is_required: true }, '  ')).toEqual({
      ok: false,
      message: 'Vintage is required',
    });
    expect(checkCustomValue(rules('text'), '')).toEqual({ ok: true, value: null });
  });

  it('text: length and pattern', () => {
    const bin = rules('text', { min_length: 2, max_length: 4, pattern: '^[A-Z]\\d+$' });
    expect(checkCustomValue(bin, 'A12')).toEqual({ ok: true, value: 'A12' });
    expect(checkCustomValue(bin, 'A')).toEqual({
      ok: false,
      message: 'Vintage must be at least 2 characters',
    });
    expect(checkCustomValue(bin, 'A1234')).toEqual({
      ok: false,
      message: 'Vintage must be at most 4 characters',
    });
    expect(checkCustomValue(bin, '12')).toEqual({
      ok: false,
      message: 'Vintage does not match the required format',
    });
  });

  it('select and multi select take listed options only', () => {
    const type = rules('select', { options: ['Red', 'White'] });
    expect(checkCustomValue(type, 'Red')).toEqual({ ok: true, value: 'Red' });
    expect(checkCustomValue(type, 'Blue')).toEqual({
      ok: false,
      message: 'Vintage must be one of: Red, White',
    });
    const grapes = rules('multi_select', { options: ['Shiraz', 'Grenache'] });
    expect(checkCustomValue(grapes, 'Shiraz, Grenache')).toEqual({
      ok: true,
      value: ['Shiraz', 'Grenache'],
    });
    expect(checkCustomValue(grapes, ['Merlot'])).toEqual({
      ok: false,
      message: 'Vintage must be chosen from: Shiraz, Grenache',
    });
  });

  it('dates, yes/no, emails and web addresses', () => {
    expect(checkCustomValue(rules('date'), '2026-02-29').ok).toBe(false);
    expect(checkCustomValue(rules('date'), '2028-02-29')).toEqual({
      ok: true,
      value: '2028-02-29',
    });
    expect(checkCustomValue(rules('boolean'), 'yes')).toEqual({ ok: true, value: true });
    expect(checkCustomValue(rules('boolean'), 'maybe').ok).toBe(false);
    expect(checkCustomValue(rules('email'), 'rep@winery.test').ok).toBe(true);
    expect(checkCustomValue(rules('email'), 'rep at winery').ok).toBe(false);
    expect(checkCustomValue(rules('url'), 'https://winery.test/sheet.pdf').ok).toBe(true);
    expect(checkCustomValue(rules('url'), 'javascript:alert(1)').ok).toBe(false);
  });
});

const wineType: CustomFieldRules = {
  field_key: 'wine_type',
  field_name: 'Wine Type',
  field_type: 'select',
  is_required: true,
  validation: { options: ['Red', 'White'] },
};

describe('product changes', () => {
  it('normalises every field and reports every problem by field', () => {
    expect(
      checkProductChanges(
        {
          name: ' Grange ',
          list_price: '950',
          cost_price: '',
          barcode: '4006381333931',
          wine_type: 'Red',
        },
        [wineType],
      ),
    ).toEqual({
      ok: true,
      changes: {
        name: 'Grange',
        list_price: '950.00',
        cost_price: null,
        barcode: '4006381333931',
        wine_type: 'Red',
      },
    });
    expect(
      checkProductChanges(
        { name: '', luc: -1, gst: 'x', barcode: '123', wine_type: 'Blue', colour: 'red' },
        [wineType],
      ),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Product name is required',
        luc: 'LUC cannot be negative',
        gst: 'GST must be a number',
        barcode: BARCODE_MESSAGE,
        wine_type: 'Wine Type must be one of: Red, White',
        colour: 'Unknown field: colour',
      },
    });
  });

  it('takes a carton’s GTIN-14 as its case barcode, never as a bottle’s barcode', () => {
    expect(checkProductChanges({ case_barcode: ' 19312345000033 ' }, [])).toEqual({
      ok: true,
      changes: { case_barcode: '19312345000033' },
    });
    expect(checkProductChanges({ case_barcode: '9312345000036' }, [])).toEqual({
      ok: true,
      changes: { case_barcode: '9312345000036' },
    });
    expect(
      checkProductChanges({ case_barcode: '19312345000034', barcode: '19312345000033' }, []),
    ).toEqual({
      ok: false,
      errors: { case_barcode: CASE_BARCODE_MESSAGE, barcode: BARCODE_MESSAGE },
    });
  });

  it("checks the wine's fields: a vintage or NV, a listed type, numbers within their limits", () => {
    expect(
      checkProductChanges(
        {
          vintage: ' nv ',
          drink_type: 'sparkling',
          grapes: ' Chardonnay, Pinot Noir ',
          alcohol: '12.04',
          bottle_ml: 750,
          rating: '',
          serving_temp: '6–8 °C',
        },
        [],
      ),
    ).toEqual({
      ok: true,
      changes: {
        vintage: 'NV',
        drink_type: 'Sparkling',
        grapes: 'Chardonnay, Pinot Noir',
        alcohol: '12',
        bottle_ml: '750',
        rating: null,
        serving_temp: '6–8 °C',
      },
    });
    expect(checkProductChanges({ vintage: '2019', alcohol: '14.55' }, [])).toEqual({
      ok: true,
      changes: { vintage: '2019', alcohol: '14.6' },
    });
    expect(
      checkProductChanges(
        { vintage: '19', drink_type: 'Cider', alcohol: 'strong', bottle_ml: 0, rating: 101 },
        [],
      ),
    ).toEqual({
      ok: false,
      errors: {
        vintage: 'Vintage must be a year (1800–2100) or NV',
        drink_type:
          'Type must be one of: Red, White, Rosé, Sparkling, Fortified, Sweet, Spirit, Beer, Other',
        alcohol: 'Alcohol % must be a number',
        bottle_ml: 'Bottle size (ml) must be between 1 and 30000',
        rating: 'Rating must be between 0 and 100',
      },
    });
  });

  it('a new product needs a name and its required custom fields, all said at once', () => {
    expect(checkNewProduct({ producer: 'Penfolds' }, [wineType])).toEqual({
      ok: false,
      errors: { name: 'Product name is required', wine_type: 'Wine Type is required' },
    });
    expect(checkNewProduct({ name: 'Grange' }, [wineType])).toEqual({
      ok: false,
      errors: { wine_type: 'Wine Type is required' },
    });
  });
});

describe('merge rule', () => {
  const current = { name: 'Grange', list_price: '990.00', luc: '500.00' };
  it('fields nobody else changed merge', () => {
    expect(conflictingFields({ luc: '520.00' }, new Set(['list_price']), current)).toEqual([]);
  });
  it('a field changed since to another value conflicts', () => {
    expect(conflictingFields({ list_price: '950.00' }, new Set(['list_price']), current)).toEqual([
      'list_price',
    ]);
  });
  it('a field changed since to the same value does not', () => {
    expect(conflictingFields({ list_price: '990.00' }, new Set(['list_price']), current)).toEqual(
      [],
    );
  });
});
