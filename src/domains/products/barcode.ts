/**
 * Barcodes a bottle may carry: EAN-13 (13 digits), UPC-A (12) or EAN-8 (8); a carton may also
 * carry a GTIN-14 (14 digits, printed as ITF-14: an indicator digit, then a bottle's code without
 * its check digit). Each ends in the GS1 check digit — weights 3 and 1 alternating from the right
 * of the other digits.
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type BarcodeKind = 'EAN-13' | 'UPC-A' | 'EAN-8';
export type GtinKind = BarcodeKind | 'GTIN-14';

const KIND_BY_LENGTH: Readonly<Record<number, GtinKind>> = {
  14: 'GTIN-14',
  13: 'EAN-13',
  12: 'UPC-A',
  8: 'EAN-8',
};

/** The kind of a well-formed GS1 code, a carton's GTIN-14 included, or null when it is not one. */
export function gtinKind(code: string): GtinKind | null {
  if (!/^\d+$/.test(code)) return null;
  const kind = KIND_BY_LENGTH[code.length];
  if (!kind) return null;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1)) ? kind : null;
}

/** The kind of a bottle's barcode, or null when it is not one (length, digits or check digit). */
export function barcodeKind(code: string): BarcodeKind | null {
  const kind = gtinKind(code);
  return kind === 'GTIN-14' ? null : kind;
}

export function isValidBarcode(code: string): boolean {
  return barcodeKind(code) !== null;
}

/** A bottle's barcode or a carton's GTIN-14: what a case barcode may be. */
export function isValidGtin(code: string): boolean {
  return gtinKind(code) !== null;
}

/**
 * Digits only, of a bottle's barcode length (or a carton's too, with `withCartons`): meant as a
 * barcode, whether or not its check digit holds.
 */
export function looksLikeBarcode(code: string, withCartons = false): boolean {
  if (!/^\d+$/.test(code)) return false;
  return code.length === 14 ? withCartons : code.length in KIND_BY_LENGTH;
}

export const BARCODE_MESSAGE = 'Barcode must be a valid EAN-13, UPC-A or EAN-8 code';
export const CASE_BARCODE_MESSAGE =
  'Case barcode must be a valid GTIN-14 (ITF-14), EAN-13, UPC-A or EAN-8 code';
