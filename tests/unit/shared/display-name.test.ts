import { describe, expect, it } from 'vitest';
import { bottleSizeText, displayName, itemName } from '#domains/products/display-name.ts';

describe('one name for a product', () => {
  it('adds the vintage, unless the name says it already', () => {
    expect(displayName({ name: 'Hill Shiraz', vintage: '2019' })).toBe('Hill Shiraz 2019');
    expect(displayName({ name: 'Penfolds Grange 2018', vintage: '2018' })).toBe(
      'Penfolds Grange 2018',
    );
    expect(displayName({ name: 'Bollinger Special Cuvée', vintage: 'NV' })).toBe(
      'Bollinger Special Cuvée NV',
    );
    // A year inside another number is not the vintage.
    expect(displayName({ name: 'Bin 20190', vintage: '2019' })).toBe('Bin 20190 2019');
    expect(displayName({ name: 'Gin' })).toBe('Gin');
  });

  it('adds the size when it is not the usual 750 ml', () => {
    expect(displayName({ name: '10 Year Old Tawny Port', vintage: 'NV', bottleMl: '375' })).toBe(
      '10 Year Old Tawny Port NV (375 ml)',
    );
    expect(displayName({ name: 'Hill Shiraz', vintage: '2019', bottleMl: '1500' })).toBe(
      'Hill Shiraz 2019 (1.5 L)',
    );
    expect(displayName({ name: 'Hill Shiraz', bottleMl: '750' })).toBe('Hill Shiraz');
    expect(bottleSizeText(3000)).toBe('3 L');
  });

  it('names an item of the screens the same way', () => {
    expect(itemName({ product: 'Shiraz', vintage: '2021', bottle_ml: '375' })).toBe(
      'Shiraz 2021 (375 ml)',
    );
  });
});
