import { describe, expect, it } from 'vitest';
import { suggestedListPrice } from '#domains/products/pricing.ts';
import { checkNewProduct, checkProductChanges } from '#domains/products/product-write.ts';
import { isTaxedAtTill, suggestedGst, taxOfEdit, taxOfNew } from '#domains/products/tax.ts';

describe('tax categories', () => {
  it('works out GST on cost: 10 % for gst10 and wet, none for gstFree', () => {
    expect(suggestedGst(160.5, 'gst10')).toBe(16.05);
    expect(suggestedGst(160.5, 'wet')).toBe(16.05);
    expect(suggestedGst(160.5, 'gstFree')).toBe(0);
  });

  it('gives a new product the shop category and the GST of its LUC when the file or form gives none', () => {
    expect(taxOfNew({ name: 'Shiraz', luc: '9.50' }, 'gst10')).toEqual({
      name: 'Shiraz',
      luc: '9.50',
      tax_category: 'gst10',
      gst: '0.95',
    });
    expect(taxOfNew({ name: 'Water', luc: '1.00', tax_category: 'gstFree' }, 'gst10')).toEqual({
      name: 'Water',
      luc: '1.00',
      tax_category: 'gstFree',
      gst: '0.00',
    });
    // A GST given is kept as given.
    expect(taxOfNew({ luc: '10.00', gst: '0.50' }, 'gst10')).toEqual({
      luc: '10.00',
      gst: '0.50',
      tax_category: 'gst10',
    });
    // No LUC: no cost, no GST on it.
    expect(taxOfNew({ name: 'Gift card' }, 'wet')).toMatchObject({
      tax_category: 'wet',
      gst: '0.00',
    });
  });

  it('moves an edited product GST with its LUC or category, and leaves other edits alone', () => {
    const stored = { tax_category: 'gst10', luc: '20.00' };
    expect(taxOfEdit({ luc: '30.00' }, stored)).toEqual({ luc: '30.00', gst: '3.00' });
    expect(taxOfEdit({ tax_category: 'gstFree' }, stored)).toEqual({
      tax_category: 'gstFree',
      gst: '0.00',
    });
    expect(taxOfEdit({ luc: '30.00', gst: '2.00' }, stored)).toEqual({ luc: '30.00', gst: '2.00' });
    expect(taxOfEdit({ name: 'Renamed' }, stored)).toEqual({ name: 'Renamed' });
  });

  it('never guesses the GST of a product stored before categories', () => {
    expect(taxOfEdit({ luc: '30.00' }, { luc: '20.00' })).toEqual({ luc: '30.00' });
    expect(taxOfEdit({ luc: '30.00', tax_category: null }, { luc: '20.00' })).toEqual({
      luc: '30.00',
      tax_category: null,
    });
  });

  it('takes GST at the till by category, not by GST on cost being 0', () => {
    expect(isTaxedAtTill('gst10', 0)).toBe(true);
    expect(isTaxedAtTill('wet', 0)).toBe(true);
    expect(isTaxedAtTill('gstFree', 5)).toBe(false);
    // Stored before categories and not confirmed since: as it was.
    expect(isTaxedAtTill(undefined, 2)).toBe(true);
    expect(isTaxedAtTill(null, 0)).toBe(false);
  });

  it('reads a category by its code or its label, and names the labels when it cannot', () => {
    const read = (raw: string) => checkProductChanges({ tax_category: raw }, []);
    expect(read('GST-free')).toEqual({ ok: true, changes: { tax_category: 'gstFree' } });
    expect(read('gst10')).toEqual({ ok: true, changes: { tax_category: 'gst10' } });
    expect(read('GST 10%')).toEqual({ ok: true, changes: { tax_category: 'gst10' } });
    expect(checkNewProduct({ name: 'x', tax_category: 'VAT' }, [])).toEqual({
      ok: false,
      errors: {
        tax_category: 'Tax category must be one of: GST 10%, GST-free, WET (wine equalisation tax)',
      },
    });
  });
});

describe('a list price suggested from the cost', () => {
  const rules = {
    defaultMarkup: 50,
    roundingRule: 'nearest',
    roundingAmount: 0.05,
    roundingDirection: 'nearest',
  } as const;

  it('adds the markup to LUC and GST and rounds to the step', () => {
    // ($9.50 + $0.95) × 1.5 = $15.675 → $15.70 (nearest 5 c), $15.65 down, $15.70 up.
    expect(suggestedListPrice(9.5, 0.95, rules)).toBe(15.7);
    expect(suggestedListPrice(9.5, 0.95, { ...rules, roundingDirection: 'down' })).toBe(15.65);
    expect(suggestedListPrice(9.5, 0.95, { ...rules, roundingDirection: 'up' })).toBe(15.7);
    expect(suggestedListPrice(10, 1, { ...rules, roundingAmount: 1 })).toBe(17);
  });

  it('ends in .99, or is not rounded, as the rule says', () => {
    expect(suggestedListPrice(9.5, 0.95, { ...rules, roundingRule: 'charm' })).toBe(15.99);
    expect(suggestedListPrice(10, 0, { ...rules, roundingRule: 'charm' })).toBe(15.99);
    expect(suggestedListPrice(9.5, 0.95, { ...rules, roundingRule: 'none' })).toBe(15.68);
  });
});
