import * as v from 'valibot';

/**
 * Receipt numbers, unique across the shop's tablets without asking the server at the sale: each
 * tablet has a till code of its own ('T2', given once, online, when it first opens the POS) and
 * numbers its sales in order after it: 'T2-000137'. Two tablets never share a code, so they never
 * make the same number, offline or not; a number is also what a receipt's barcode carries.
 */
export const TILL_CODE_PATTERN = /^T[1-9]\d{0,3}$/;
const RECEIPT_PATTERN = /^(T[1-9]\d{0,3})-(\d{6,9})$/;
const SEQUENCE_DIGITS = 6;

export function formatReceiptNumber(till: string, sequence: number): string {
  if (!TILL_CODE_PATTERN.test(till)) throw new Error(`not a till code: ${till}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`not a sequence: ${sequence}`);
  return `${till}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** A typed or scanned receipt number, in any case and with spaces around; null if it is none. */
export function parseReceiptNumber(text: string): { till: string; sequence: number } | null {
  const match = RECEIPT_PATTERN.exec(text.trim().toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  return { till: match[1], sequence: Number(match[2]) };
}

/** A typed or scanned receipt number as the till wrote it ('t2-000137 ' → 'T2-000137'); null if none. */
export function normalReceiptNumber(text: string): string | null {
  const parsed = parseReceiptNumber(text);
  return parsed ? formatReceiptNumber(parsed.till, parsed.sequence) : null;
}

/**
 * A receipt number as a body carries it, in its one canonical form: any other spelling of the
 * same number ('t2-000137 ', 'T2-0000137') is read as it ('T2-000137'), so a shop never holds the
 * same number twice in two spellings, and a number that is already a sale's or a return's is
 * refused whichever way it is written.
 */
export const receiptNumberSchema = (message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(40, message),
    v.transform(normalReceiptNumber),
    v.string(message),
  );

export const RECEIPT_MESSAGES = {
  taken: (receipt: string) => `Receipt number ${receipt} is already another sale's or return's`,
} as const;

/** The till code after the highest one given so far in a business. */
export function nextTillCode(given: readonly string[]): string {
  const highest = given.reduce((top, code) => {
    const number = TILL_CODE_PATTERN.test(code) ? Number(code.slice(1)) : 0;
    return Math.max(top, number);
  }, 0);
  return `T${highest + 1}`;
}
