/**
 * Barcodes a product may carry: EAN-13 (13 digits) or UPC-A (12 digits), each ending in the GS1
 * check digit — weights 3 and 1 alternating from the right of the other digits.
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidBarcode(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

export const BARCODE_MESSAGE = 'Barcode must be a valid EAN-13 or UPC-A code';
