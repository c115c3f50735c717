import * as v from 'valibot';
import { int32 } from '#shared/validation.ts';
import { checkCustomValue, type ValueRules } from '../custom-fields/values.ts';
import { BARCODE_MESSAGE, CASE_BARCODE_MESSAGE, isValidBarcode, isValidGtin } from './barcode.ts';
import { type ProductFieldSpec, productField, shownOption } from './fields.ts';
import { formatCurrency, withUnit } from './format.ts';
import type { CustomValue } from './product.ts';

/**
 * Catalogue writes (create, field-level edit, duplicate, delete) as the client sends them and the
 * server accepts them. Fields go by their server keys (those of GET /inventory/enhanced); a
 * custom field by its field_key, which can never be one of these (isReservedFieldKey).
 *
 * An edit names the product version it was based on. The server merges edits of different
 * fields and refuses, with a conflict, a field that changed since that version to another value.
 */
/** numeric(12, 2): ten digits before the point. */
const MAX_MONEY = 9_999_999_999.99;

/** A stored value: text, money as an exact two-decimal string, a custom value, or nothing. */
export type ProductValue = string | CustomValue;
export type ProductChanges = Record<string, ProductValue>;

export type ChangesCheck =
  | { ok: true; changes: ProductChanges }
  | { ok: false; errors: Record<string, string> };

/** A custom field as the check needs it: its key and its rules. */
export type CustomFieldRules = ValueRules & { field_key: string };

function checkMoney(spec: ProductFieldSpec, raw: unknown): ValueCheckResult {
  const { label } = spec;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return spec.empty === 'none' ? { value: null } : { message: `${label} is required` };
  }
  const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (typeof raw === 'boolean' || !Number.isFinite(number)) {
    return { message: `${label} must be a number` };
  }
  if (number < 0) return { message: `${label} cannot be negative` };
  if (number > MAX_MONEY) return { message: `${label} is too large` };
  return { value: number.toFixed(2) };
}

type ValueCheckResult = { value: ProductValue } | { message: string };

function checkText(spec: ProductFieldSpec, raw: unknown): ValueCheckResult {
  const { label } = spec;
  if (raw === null || raw === undefined) {
    return spec.empty === 'none' ? { value: null } : { message: `${label} must be text` };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number')
    return { message: `${label} must be text` };
  const text = String(raw).trim();
  if (spec.empty === 'refused' && text === '') return { message: `${label} is required` };
  const max = spec.maxLength ?? 200;
  if (text.length > max) return { message: `${label} must be at most ${max} characters` };
  if (spec.empty === 'none' && text === '') return { value: null };
  if (spec.kind === 'barcode' && !isValidBarcode(text)) return { message: BARCODE_MESSAGE };
  if (spec.kind === 'case-barcode' && !isValidGtin(text)) return { message: CASE_BARCODE_MESSAGE };
  return { value: text };
}

const isBlank = (raw: unknown) =>
  raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');

const FIRST_VINTAGE = 1800;
const LAST_VINTAGE = 2100;
export const VINTAGE_MESSAGE = `Vintage must be a year (${FIRST_VINTAGE}–${LAST_VINTAGE}) or NV`;

/** A year, or NV (non-vintage) in any case. */
function checkVintage(raw: unknown): ValueCheckResult {
  if (isBlank(raw)) return { value: null };
  const text = String(raw).trim();
  if (typeof raw === 'boolean') return { message: VINTAGE_MESSAGE };
  if (text.toUpperCase() === 'NV') return { value: 'NV' };
  const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(year >= FIRST_VINTAGE && year <= LAST_VINTAGE)) return { message: VINTAGE_MESSAGE };
  return { value: text };
}

/**
 * One of the options, or its label ('GST-free' for gstFree), matched without regard to case and
 * kept as the option is written.
 */
function checkChoice(spec: ProductFieldSpec, raw: unknown): ValueCheckResult {
  if (isBlank(raw)) return { value: null };
  const options = spec.options ?? [];
  const text = typeof raw === 'string' ? raw.trim().toLocaleLowerCase('en') : null;
  const option = options.find((candidate) =>
    [candidate, shownOption(spec, candidate)].some((name) => name.toLocaleLowerCase('en') === text),
  );
  if (option === undefined) {
    const names = options.map((candidate) => shownOption(spec, candidate));
    return { message: `${spec.label} must be one of: ${names.join(', ')}` };
  }
  return { value: option };
}

/** A number within the line's limits, rounded to its decimals and kept as text ('14.5'). */
function checkNumber(spec: ProductFieldSpec, raw: unknown): ValueCheckResult {
  if (isBlank(raw)) return { value: null };
  const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (typeof raw === 'boolean' || !Number.isFinite(number)) {
    return { message: `${spec.label} must be a number` };
  }
  const min = spec.min ?? Number.NEGATIVE_INFINITY;
  const max = spec.max ?? Number.POSITIVE_INFINITY;
  if (number < min || number > max) {
    return { message: `${spec.label} must be between ${min} and ${max}` };
  }
  return { value: String(Number(number.toFixed(spec.decimals ?? 0))) };
}

/** A value of a product field, checked and normalised by what its line of the table says. */
function checkField(spec: ProductFieldSpec, raw: unknown): ValueCheckResult {
  switch (spec.kind) {
    case 'money':
      return checkMoney(spec, raw);
    case 'vintage':
      return checkVintage(raw);
    case 'choice':
      return checkChoice(spec, raw);
    case 'number':
      return checkNumber(spec, raw);
    default:
      return checkText(spec, raw);
  }
}

/**
 * Checks and normalises each changed value; every problem is reported, by field. `definitions`
 * are the business's product custom fields: a key that is neither a product field nor one of
 * them is refused.
 */
export function checkProductChanges(
  input: Readonly<Record<string, unknown>>,
  definitions: readonly CustomFieldRules[],
): ChangesCheck {
  const changes: ProductChanges = {};
  const errors: Record<string, string> = {};
  const custom = new Map(definitions.map((definition) => [definition.field_key, definition]));
  for (const [key, raw] of Object.entries(input)) {
    const spec = productField(key);
    if (spec) {
      const result = checkField(spec, raw);
      if ('message' in result) errors[key] = result.message;
      else changes[key] = result.value;
      continue;
    }
    const definition = custom.get(key);
    if (!definition) {
      errors[key] = `Unknown field: ${key}`;
      continue;
    }
    const result = checkCustomValue(definition, raw);
    if (result.ok) changes[key] = result.value;
    else errors[key] = result.message;
  }
  return Object.keys(errors).length === 0 ? { ok: true, changes } : { ok: false, errors };
}

/** A new product needs at least its name; the rest defaults to empty and zero. */
export function checkNewProduct(
  input: Readonly<Record<string, unknown>>,
  definitions: readonly CustomFieldRules[],
): ChangesCheck {
  const withName = 'name' in input ? input : { ...input, name: '' };
  const check = checkProductChanges(withName, definitions);
  const missing = definitions.filter(
    (definition) => definition.is_required && !(definition.field_key in input),
  );
  if (missing.length === 0) return check;
  // Every problem at once: the values given and the required ones left out.
  return {
    ok: false,
    errors: {
      ...(check.ok ? {} : check.errors),
      ...Object.fromEntries(
        missing.map((definition) => [definition.field_key, `${definition.field_name} is required`]),
      ),
    },
  };
}

/** A stored value as a person reads it: money as currency, lists joined, none as '(empty)'. */
export function shownProductValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const spec = productField(field);
  if (spec?.kind === 'money' && Number.isFinite(Number(value))) {
    return formatCurrency(Number(value));
  }
  if (spec?.kind === 'number') return withUnit(spec, String(value));
  if (spec?.kind === 'choice') return shownOption(spec, String(value));
  return String(value);
}

/** Values compare by what they store: ['a','b'] equals ['a','b']. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The merge rule. `changedSince` are the fields other writes changed after the version this edit
 * was based on; `current` the product's values now. A field of this edit conflicts when it was
 * changed since and now holds another value than this edit wants; the others merge.
 */
export function conflictingFields(
  changes: Readonly<ProductChanges>,
  changedSince: ReadonlySet<string>,
  current: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(changes).filter(
    (key) => changedSince.has(key) && !sameValue(current[key], changes[key]),
  );
}

/** Changes by field key: keys are a product field's or a custom field's (64 characters at most). */
export const ChangesSchema = v.record(
  v.pipe(v.string(), v.maxLength(64, 'A field key is at most 64 characters')),
  v.unknown(),
);
const NonEmptyRecord = v.pipe(
  ChangesSchema,
  v.check((record) => Object.keys(record).length > 0, 'Nothing to change'),
);

export const ProductPatchSchema = v.object({
  base_version: int32('base_version must be a whole number of 1 or more', 1),
  changes: NonEmptyRecord,
});
export type ProductPatch = v.InferOutput<typeof ProductPatchSchema>;

/** The id the device gave a product it made: the same create sent again finds the product. */
const ClientRef = v.optional(v.pipe(v.string(), v.uuid('client_ref must be a UUID')));

export const ProductCreateSchema = v.object({ fields: ChangesSchema, client_ref: ClientRef });

/** A duplicate, with the edits made to the copy while it waited on the device. */
export const ProductDuplicateSchema = v.object({
  changes: v.optional(ChangesSchema),
  client_ref: ClientRef,
});
export type ProductCreate = v.InferOutput<typeof ProductCreateSchema>;

/** A product as a write answers it: the enhanced form with its version. */
export const ProductAnswerSchema = v.object({
  id: int32('id must be a product id', 1),
  version: int32('version must be a version number'),
  ref: v.optional(v.string()),
  columns: v.array(v.unknown()),
});
export type ProductAnswer = v.InferOutput<typeof ProductAnswerSchema>;

/** 409: the fields that changed since the edit's version, and the product as it is now. */
export const ProductConflictSchema = v.object({
  message: v.string(),
  conflicts: v.array(v.string()),
  current: ProductAnswerSchema,
});

export const PRODUCT_MESSAGES = {
  invalid: 'Invalid product data',
  conflict: 'This product was changed on another device',
  deleted: 'This product was deleted',
} as const;

/**
 * The changes since a catalogue version: changed products whole, deleted ones by id. A product
 * created since names the product it follows in the catalogue (`after`, null for the first).
 */
export const CatalogueChangesSchema = v.union([
  v.object({
    version: v.number(),
    full: v.literal(false),
    products: v.array(
      v.object({
        ...ProductAnswerSchema.entries,
        after: v.optional(v.nullable(int32('after must be a product id', 1))),
      }),
    ),
    deleted: v.array(v.number()),
  }),
  v.object({ version: v.number(), full: v.literal(true) }),
]);
export type CatalogueChanges = v.InferOutput<typeof CatalogueChangesSchema>;

/**
 * A product's changes, newest first: when, who (null once that account is gone), what kind, and
 * for each field its value before and after (null for none).
 */
export const ProductHistorySchema = v.object({
  changes: v.array(
    v.object({
      at: v.string(),
      kind: v.picklist(['create', 'update', 'delete', 'stock']),
      by: v.nullable(v.string()),
      version: v.number(),
      fields: v.record(v.string(), v.tuple([v.unknown(), v.unknown()])),
      /** For a stock movement: its reason and note. */
      reason: v.optional(v.string()),
      note: v.optional(v.nullable(v.string())),
      /** Where the change came from, when not a person's edit: 'Imported from wines.csv'. */
      source: v.optional(v.string()),
    }),
  ),
});
export type ProductHistory = v.InferOutput<typeof ProductHistorySchema>;
