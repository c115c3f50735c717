import * as v from 'valibot';

/**
 * A receipt as an Australian shop must give it: a tax invoice names the seller and its ABN, its
 * address, the date and time of the sale, each item with its quantity and price, the GST the
 * total includes, rounding and how it was paid. Without an ABN a receipt is no tax invoice: it
 * says 'Receipt', and the till asks the owner once for the ABN (README, "A receipt is a tax
 * invoice").
 */
export const ShopIdentitySchema = v.object({
  name: v.pipe(v.string(), v.maxLength(100)),
  tax_number: v.pipe(v.string(), v.maxLength(40)),
  address: v.pipe(v.string(), v.maxLength(200)),
  phone: v.pipe(v.string(), v.maxLength(40)),
  /** '' until the owner saves one: the device's zone is used meanwhile. */
  time_zone: v.pipe(v.string(), v.maxLength(64)),
});
export type ShopIdentity = v.InferOutput<typeof ShopIdentitySchema>;

/** An ABN as it is printed: '51 824 753 556'. Any other tax number as it was written. */
export function formatAbn(taxNumber: string): string {
  const digits = taxNumber.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : taxNumber.trim();
}

export const TAX_INVOICE_TEXT = {
  title: 'Tax invoice',
  plain: 'Receipt',
  abn: (taxNumber: string) => `ABN ${formatAbn(taxNumber)}`,
  gstIncluded: (amount: string) => `Total includes GST of ${amount}`,
  refund: 'Refund',
  refundOf: (receipt: string) => `Refund of sale ${receipt}`,
  askAbn:
    "Add the shop's ABN in Business Profile: a receipt is a tax invoice only with it, and customers need one to claim the GST.",
  askAbnStaff:
    "Receipts say 'Receipt', not 'Tax invoice', until an owner adds the shop's ABN in Business Profile.",
  notNow: 'Not now',
  openProfile: 'Open Business Profile',
} as const;

/** The title of a sale's receipt: a tax invoice when the shop has an ABN. */
export function receiptTitle(shop: Pick<ShopIdentity, 'tax_number'> | undefined): string {
  return shop?.tax_number.trim() ? TAX_INVOICE_TEXT.title : TAX_INVOICE_TEXT.plain;
}

/** The date and time of a sale as its receipt prints it, in the shop's zone ('' for the device's). */
export function receiptMoment(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));
}
