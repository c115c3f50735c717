import type { ProductFieldSpec } from '../products/fields.ts';

/**
 * Cells as shop spreadsheets write them, read into the form the product's checks take: money
 * with a currency sign and thousands separators ('$1,299.00', 'A$ 9.50'), a decimal comma in a
 * file that separates its columns with semicolons ('9,50'), sizes with their unit ('750ml',
 * '75cl', '1.5L', '1,5 l'), a percentage with its sign ('14.5%'). A cell that does not read so
 * is handed on as written, and the check names it.
 */

/** The number format of a file: a decimal comma goes with a semicolon separator (Europe's Excel). */
export type NumberFormat = 'decimal-point' | 'decimal-comma';

export function numberFormatOf(delimiter: string | undefined): NumberFormat {
  return delimiter === ';' ? 'decimal-comma' : 'decimal-point';
}

const CURRENCY = /^(?:A\$|AU\$|AUD|NZ\$|US\$|\$|€|£|EUR|GBP)\s*|\s*(?:AUD|EUR|GBP|\$|€)$/i;

/**
 * A number written with grouping and a decimal mark, as plain text ('1299.5'), or null. With
 * both marks, the last is the decimal one ('1,299.50', '1.299,50'). With one, the file's format
 * decides: in a decimal-comma file '9,5' is 9.5 and '1.299' a thousand (but '9.50' a price
 * all the same); in a decimal-point file '1,299' is grouped and '9,5' is not a number.
 */
export function plainNumber(cell: string, format: NumberFormat): string | null {
  const text = cell.trim().replace(/[\s\u00a0\u202f']/g, '');
  const sign = text.startsWith('-') ? '-' : '';
  const digits = sign ? text.slice(1) : text;
  if (!/^[\d.,]+$/.test(digits) || !/\d/.test(digits)) return null;
  const both = digits.includes('.') && digits.includes(',');
  const commaDecimal = both
    ? digits.lastIndexOf(',') > digits.lastIndexOf('.')
    : format === 'decimal-comma';
  const [groupMark, decimalMark] = commaDecimal ? ['.', ','] : [',', '.'];
  let whole = digits;
  let fraction = '';
  const at = digits.lastIndexOf(decimalMark);
  if (at >= 0) {
    whole = digits.slice(0, at);
    fraction = digits.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return null;
  } else if (commaDecimal && /^\d+\.\d{1,2}$/.test(digits)) {
    // '9.50' in a semicolon file: a decimal point all the same (a group has three digits).
    return `${sign}${digits}`;
  }
  if (whole.includes(groupMark) && !new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`).test(whole)) {
    return null;
  }
  const bare = whole.split(groupMark).join('');
  if (!/^\d*$/.test(bare) || (bare === '' && fraction === '')) return null;
  return `${sign}${bare || '0'}${fraction ? `.${fraction}` : ''}`;
}

/** Money as a number's text: '$1,299.00' → '1299.00'; as written when it does not read so. */
export function readMoney(cell: string, format: NumberFormat): string {
  const bare = cell.trim().replace(CURRENCY, '');
  return plainNumber(bare, format) ?? cell;
}

const SIZE =
  /^([\d.,\s]+)\s*(ml|millilitres?|milliliters?|cl|centilitres?|l|lt|ltr|litres?|liters?)?\.?$/i;

/** A bottle size in ml: '750ml' → '750', '75cl' → '750', '1,5 l' → '1500'; else as written. */
export function readBottleSize(cell: string): string {
  const match = SIZE.exec(cell.trim());
  if (!match) return cell;
  // A size has no thousands: '1,5' and '1.5' are one and a half wherever they come from.
  const amount = Number((match[1] ?? '').replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(amount) || (match[1] ?? '').split(/[.,]/).length > 2) return cell;
  const unit = (match[2] ?? 'ml').toLowerCase();
  const factor = unit.startsWith('c') ? 10 : unit.startsWith('m') ? 1 : 1000;
  return String(Math.round(amount * factor));
}

/** A number field's cell: its unit or a % sign dropped, a decimal comma read as its file says. */
export function readNumber(cell: string, unit: string | undefined, format: NumberFormat): string {
  let text = cell.trim();
  if (unit && text.toLowerCase().endsWith(unit.toLowerCase())) text = text.slice(0, -unit.length);
  return plainNumber(text, format) ?? cell;
}

/** A cell of a product field as its checks take it. */
export function readCell(spec: ProductFieldSpec, cell: string, format: NumberFormat): string {
  if (cell.trim() === '') return cell;
  if (spec.kind === 'money') return readMoney(cell, format);
  if (spec.kind === 'number' && spec.unit === 'ml') return readBottleSize(cell);
  if (spec.kind === 'number') return readNumber(cell, spec.unit, format);
  return cell;
}
