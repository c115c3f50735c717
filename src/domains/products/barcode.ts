/**
 * Barcodes a product may carry: EAN-13 (13 digits), UPC-A (12) or EAN-8 (8), each ending in the
 * GS1 check digit — weights 3 and 1 alternating from the right of the other digits.
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

const KIND_BY_LENGTH: Readonly<Record<number, BarcodeKind>> = {
  13: 'EAN-13',
  12: 'UPC-A',
  8: 'EAN-8',
};

/** The kind of a well-formed barcode, or null when it is not one (length, digits or check digit). */
export function barcodeKind(code: string): BarcodeKind | null {
  if (!/^\d+$/.test(code)) return null;
  const kind = KIND_BY_LENGTH[code.length];
  if (!kind) return null;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1)) ? kind : null;
}

export function isValidBarcode(code: string): boolean {
  return barcodeKind(code) !== null;
}

/** Digits only, of a barcode's length: meant as a barcode, whether or not its check digit holds. */
export function looksLikeBarcode(code: string): boolean {
  return /^\d+$/.test(code) && code.length in KIND_BY_LENGTH;
}

export const BARCODE_MESSAGE = 'Barcode must be a valid EAN-13, UPC-A or EAN-8 code';
