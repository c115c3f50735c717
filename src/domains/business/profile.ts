import * as v from 'valibot';
import { isTimeZone } from '#shared/time-zones.ts';
import { missingFieldMessage } from '#shared/validation.ts';
import { TAX_CATEGORIES } from '../products/tax.ts';

/**
 * Business Profile: the business's name (shown in the sidebar and the profile menu), its ABN or
 * other tax number, address and phone (a tax invoice names them), its time zone (its receipts and
 * days), and the tax category GST is suggested from for people who have not chosen their own in
 * Product Defaults. Prices are shown in $ (spec).
 */
export const CURRENCY_SYMBOL = '$';

export const PROFILE_MESSAGES = {
  nameRequired: 'Business name is required',
  nameTooLong: 'Business name must be at most 100 characters',
  taxNumber: 'ABN must be 11 digits (spaces allowed)',
  tooLong: 'Must be at most 200 characters',
  phone: 'Phone may hold digits, spaces and + ( ) - only',
  taxCategory: 'Choose a tax category',
  timeZone: 'Choose a time zone such as Australia/Sydney',
  saved: 'Business profile saved',
} as const;

/** An ABN: 11 digits, however they are spaced; empty is allowed (not every business has one). */
const TaxNumber = v.pipe(
  v.string(PROFILE_MESSAGES.taxNumber),
  v.trim(),
  v.check(
    (text) => text === '' || /^\d{11}$/.test(text.replace(/\s+/g, '')),
    PROFILE_MESSAGES.taxNumber,
  ),
);

export const BusinessProfileSchema = v.object(
  {
    name: v.pipe(
      v.string(PROFILE_MESSAGES.nameRequired),
      v.trim(),
      v.nonEmpty(PROFILE_MESSAGES.nameRequired),
      v.maxLength(100, PROFILE_MESSAGES.nameTooLong),
    ),
    tax_number: v.optional(TaxNumber, ''),
    address: v.optional(
      v.pipe(
        v.string(PROFILE_MESSAGES.tooLong),
        v.trim(),
        v.maxLength(200, PROFILE_MESSAGES.tooLong),
      ),
      '',
    ),
    phone: v.optional(
      v.pipe(
        v.string(PROFILE_MESSAGES.phone),
        v.trim(),
        v.maxLength(40, PROFILE_MESSAGES.phone),
        v.regex(/^[\d\s+()-]*$/, PROFILE_MESSAGES.phone),
      ),
      '',
    ),
    default_tax_category: v.optional(
      v.picklist(TAX_CATEGORIES, PROFILE_MESSAGES.taxCategory),
      'gst10',
    ),
    /**
     * The shop's IANA zone ('' for none yet: the form then proposes the device's). Absent from
     * a save by a version that did not know it, which leaves it as it is.
     */
    time_zone: v.optional(
      v.pipe(
        v.string(PROFILE_MESSAGES.timeZone),
        v.trim(),
        v.check((zone) => zone === '' || isTimeZone(zone), PROFILE_MESSAGES.timeZone),
      ),
    ),
  },
  missingFieldMessage({ name: PROFILE_MESSAGES.nameRequired }, PROFILE_MESSAGES.nameRequired),
);
export type BusinessProfile = v.InferOutput<typeof BusinessProfileSchema>;

/** The profile as the server answers it: what was saved, and the currency shown. */
export const BusinessProfileAnswerSchema = v.object({
  name: v.string(),
  tax_number: v.string(),
  address: v.string(),
  phone: v.string(),
  default_tax_category: v.picklist(TAX_CATEGORIES),
  time_zone: v.optional(v.string(), ''),
  currency: v.literal(CURRENCY_SYMBOL),
});
export type BusinessProfileAnswer = v.InferOutput<typeof BusinessProfileAnswerSchema>;
