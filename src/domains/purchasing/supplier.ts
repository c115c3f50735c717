import * as v from 'valibot';
import { isEmailForm } from '#shared/auth/email.ts';
import { emptyAsNull, int32, optionalText } from '#shared/validation.ts';

/**
 * Suppliers (beyond the spec's prototype; README, "Buying and receiving"): who the shop buys
 * from, with the lead time and minimum order that reorder suggestions go by. A supplier is made
 * on a device (its id) and edited field by field: an edit names the version it was based on, and
 * the server refuses only a field that someone else changed since to another value.
 */
export const MAX_LEAD_DAYS = 365;

export const SUPPLIER_MESSAGES = {
  name: 'Enter the supplier’s name',
  email: 'Enter an email address like name@example.com',
  leadDays: `Enter a whole number of days from 0 to ${MAX_LEAD_DAYS}`,
  minimumOrder: 'Enter an amount of $0.00 or more',
  notFound: 'This supplier does not exist',
  idTaken: 'This supplier id was already used for another supplier',
  nothingToChange: 'Say what to change',
  conflict: 'This supplier was changed on another device',
} as const;

/** Every field a person writes, each checked as it is stored; empty text is no value. */
export const SUPPLIER_FIELDS = {
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(SUPPLIER_MESSAGES.name), v.maxLength(100)),
  contact: optionalText(100),
  email: v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(254),
      v.check((value) => value === '' || isEmailForm(value), SUPPLIER_MESSAGES.email),
      emptyAsNull,
    ),
  ),
  phone: optionalText(40),
  account_number: optionalText(64),
  lead_days: v.nullable(
    v.pipe(
      v.number(SUPPLIER_MESSAGES.leadDays),
      v.integer(SUPPLIER_MESSAGES.leadDays),
      v.minValue(0, SUPPLIER_MESSAGES.leadDays),
      v.maxValue(MAX_LEAD_DAYS, SUPPLIER_MESSAGES.leadDays),
    ),
  ),
  minimum_order_cents: v.nullable(int32(SUPPLIER_MESSAGES.minimumOrder)),
  notes: optionalText(1000),
} as const;
export type SupplierField = keyof typeof SUPPLIER_FIELDS;
export const SUPPLIER_FIELD_KEYS = Object.keys(SUPPLIER_FIELDS) as SupplierField[];

export const SUPPLIER_FIELD_LABELS: Readonly<Record<SupplierField, string>> = {
  name: 'Name',
  contact: 'Contact',
  email: 'Email',
  phone: 'Phone',
  account_number: 'Account number',
  lead_days: 'Lead time (days)',
  minimum_order_cents: 'Minimum order',
  notes: 'Notes',
};

/** POST /suppliers: a new supplier, with the id the device gave it. */
export const SupplierCreateSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  ...v.partial(v.object(SUPPLIER_FIELDS)).entries,
  name: SUPPLIER_FIELDS.name,
});
export type SupplierCreate = v.InferOutput<typeof SupplierCreateSchema>;

/** PATCH /suppliers/{id}: some fields, based on the version the device held. */
export const SupplierPatchSchema = v.object({
  base_version: int32('base_version must be a version number', 1),
  changes: v.pipe(
    v.partial(v.strictObject(SUPPLIER_FIELDS)),
    v.check((changes) => Object.keys(changes).length > 0, SUPPLIER_MESSAGES.nothingToChange),
  ),
});
export type SupplierPatch = v.InferOutput<typeof SupplierPatchSchema>;
export type SupplierChanges = SupplierPatch['changes'];

export const SupplierSchema = v.object({
  id: v.string(),
  name: v.string(),
  contact: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  account_number: v.nullable(v.string()),
  lead_days: v.nullable(v.number()),
  minimum_order_cents: v.nullable(v.number()),
  notes: v.nullable(v.string()),
  version: v.number(),
  /** At which version each field last changed: what an edit based on an older one is merged by. */
  field_versions: v.record(v.string(), v.number()),
  updated_at: v.string(),
});
export type Supplier = v.InferOutput<typeof SupplierSchema>;

export const SupplierListSchema = v.object({ suppliers: v.array(SupplierSchema) });
