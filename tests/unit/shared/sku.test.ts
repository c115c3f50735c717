import { describe, expect, it } from 'vitest';
import { nextSku } from '#domains/products/sku.ts';
import { suggestedGst } from '#domains/products/tax.ts';

const defaults = { skuPrefix: 'PROD', skuStartingNumber: 1, skuDigits: 6 };

describe('automatic SKUs', () => {
  it('start at the starting number, padded to the digits', () => {
    expect(nextSku([], defaults)).toBe('PROD000001');
    expect(nextSku([], { ...defaults, skuStartingNumber: 500, skuDigits: 4 })).toBe('PROD0500');
  });

  it('go one past the highest used with the prefix, ignoring other SKUs', () => {
    expect(
      nextSku(['PROD000007', undefined, 'PROD000003', 'XPROD000099', 'PROD12a'], defaults),
    ).toBe('PROD000008');
  });

  it('never go below the starting number', () => {
    expect(nextSku(['PROD000007'], { ...defaults, skuStartingNumber: 100 })).toBe('PROD000100');
  });

  it('take a prefix with pattern characters literally', () => {
    expect(nextSku(['W.1-000009', 'WX1-000050'], { ...defaults, skuPrefix: 'W.1-' })).toBe(
      'W.1-000010',
    );
  });

  it('grow past their digits rather than wrap', () => {
    expect(nextSku(['PROD999999'], defaults)).toBe('PROD1000000');
  });
});

describe('GST offered from LUC', () => {
  it('is 10 % of LUC for gst10 and wet, none for gstFree, to the cent', () => {
    expect(suggestedGst(20, 'gst10')).toBe(2);
    expect(suggestedGst(33.35, 'gst10')).toBe(3.34);
    expect(suggestedGst(20, 'wet')).toBe(2);
    expect(suggestedGst(20, 'gstFree')).toBe(0);
  });
});
