import { describe, expect, it } from 'vitest';
import {
  barcodeKind,
  gs1CheckDigit,
  gtinKind,
  isValidBarcode,
  isValidGtin,
  looksLikeBarcode,
} from '#domains/products/barcode.ts';

describe('barcodes', () => {
  it('computes the GS1 check digit of the other digits', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('5512345')).toBe(7);
  });

  it('accepts EAN-13, UPC-A and EAN-8 with their check digit', () => {
    expect(barcodeKind('4006381333931')).toBe('EAN-13');
    expect(barcodeKind('036000291452')).toBe('UPC-A');
    expect(barcodeKind('96385074')).toBe('EAN-8');
    expect(barcodeKind('55123457')).toBe('EAN-8');
    expect(isValidBarcode('96385074')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and anything but digits', () => {
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('036000291453')).toBe(false);
    expect(isValidBarcode('96385075')).toBe(false);
    expect(isValidBarcode('12345')).toBe(false);
    expect(isValidBarcode('963850741')).toBe(false);
    expect(isValidBarcode('40063813339a1')).toBe(false);
    expect(isValidBarcode(' 96385074')).toBe(false);
    expect(isValidBarcode('')).toBe(false);
  });

  it('takes a carton’s GTIN-14 (ITF-14) only where a case barcode may be', () => {
    expect(gtinKind('19312345000033')).toBe('GTIN-14');
    expect(gtinKind('9312345000036')).toBe('EAN-13');
    expect(isValidGtin('19312345000033')).toBe(true);
    expect(isValidGtin('19312345000034')).toBe(false);
    expect(isValidGtin('193123450000331')).toBe(false);
    expect(barcodeKind('19312345000033')).toBeNull();
    expect(isValidBarcode('19312345000033')).toBe(false);
  });

  it('tells a mistyped barcode from other text', () => {
    expect(looksLikeBarcode('96385075')).toBe(true);
    expect(looksLikeBarcode('4006381333932')).toBe(true);
    expect(looksLikeBarcode('WIN-0001')).toBe(false);
    expect(looksLikeBarcode('1234567')).toBe(false);
    expect(looksLikeBarcode('19312345000034')).toBe(false);
    expect(looksLikeBarcode('19312345000034', true)).toBe(true);
  });
});
