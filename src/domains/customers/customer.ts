import * as v from 'valibot';
import { isEmailForm } from '#shared/auth/email.ts';
import { emptyAsNull, int32, optionalText } from '#shared/validation.ts';
import { AccountEntrySchema } from './account.ts';

/**
 * Customers (beyond the spec's prototype; README, "Customers"): the shop's regulars, made on any
 * device (its id) and edited field by field like suppliers (#shared/sync/field-merge.ts), so two
 * tablets changing different details of one customer both stand.
 */
export const CUSTOMER_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  address: 300,
  notes: 2000,
  tag: 30,
  tags: 20,
  memberNumber: 30,
} as const;

/** The oldest birthday taken: a typo of the century is refused rather than stored. */
export const FIRST_BIRTH_YEAR = 1900;

export const CUSTOMER_MESSAGES = {
  name: 'Enter the customer’s name',
  email: 'Enter an email address like name@example.com',
  phone: 'Enter a phone number of 6 to 15 digits, such as 0412 345 678 or +61 412 345 678',
  birthday: 'Enter a birthday such as 1980-07-14, not after today',
  consent: 'Enter the day the customer agreed, such as 2026-11-29, not after today',
  tag: `Keep each tag to ${CUSTOMER_LIMITS.tag} characters`,
  tags: `Give at most ${CUSTOMER_LIMITS.tags} tags`,
  notFound: 'This customer does not exist',
  idTaken: 'This customer id was already used for another customer',
  nothingToChange: 'Say what to change',
  conflict: 'This customer was changed on another device',
  erased: 'This customer’s details were erased: they cannot be changed',
  merged: 'This customer was merged into another: change the one kept',
  mergeSame: 'Choose another customer to merge into this one',
  mergeGone: 'That customer was erased or merged already',
  memberNumber: `A member number is 1 to ${CUSTOMER_LIMITS.memberNumber} letters, digits or dashes`,
  memberNumberTaken: 'Another customer has this member number',
} as const;

/** What an erased customer is called: their sales and orders stay, under this name. */
export const ERASED_NAME = 'Erased customer';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day that exists, from `FIRST_BIRTH_YEAR` to tomorrow as UTC counts it (a shop east
 * of Greenwich is a day ahead of it for part of every day).
 */
export function isPastDay(day: string, now = new Date()): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  const real =
    at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  return real && year >= FIRST_BIRTH_YEAR && at.getTime() <= now.getTime() + 24 * 60 * 60 * 1000;
}

const pastDay = (message: string) =>
  v.nullable(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((value) => value === '' || isPastDay(value), message),
      emptyAsNull,
    ),
  );

/** The digits of a phone number as typed: 6 to 15 of them, with spaces, +, brackets or dashes. */
const PHONE_FORM = /^\+?[\d\s()\-.]+$/;
export function isPhoneForm(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_FORM.test(value) && digits >= 6 && digits <= 15;
}

/** Letters, digits and dashes, as a card's barcode carries them (or nothing). */
const MEMBER_NUMBER_FORM = new RegExp(`^(?:[A-Za-z0-9-]{1,${CUSTOMER_LIMITS.memberNumber}})?$`);

/** Tags as given, trimmed, without blanks or a tag given twice (in any case). */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim().replace(/\s+/g, ' ');
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

/** Every field a person writes, each checked as it is stored; empty text is no value. */
export const CUSTOMER_FIELDS = {
  name: v.pipe(
    v.string(CUSTOMER_MESSAGES.name),
    v.trim(),
    v.nonEmpty(CUSTOMER_MESSAGES.name),
    v.maxLength(CUSTOMER_LIMITS.name, `Keep it to ${CUSTOMER_LIMITS.name} characters`),
  ),
  email: v.nullable(
    v.pipe(
      v.string(CUSTOMER_MESSAGES.email),
      v.trim(),
      v.maxLength(CUSTOMER_LIMITS.email, CUSTOMER_MESSAGES.email),
      v.check((value) => value === '' || isEmailForm(value), CUSTOMER_MESSAGES.email),
      emptyAsNull,
    ),
  ),
  phone: v.nullable(
    v.pipe(
      v.string(CUSTOMER_MESSAGES.phone),
      v.trim(),
      v.maxLength(CUSTOMER_LIMITS.phone, CUSTOMER_MESSAGES.phone),
      v.check((value) => value === '' || isPhoneForm(value), CUSTOMER_MESSAGES.phone),
      emptyAsNull,
    ),
  ),
  address: optionalText(CUSTOMER_LIMITS.address),
  notes: optionalText(CUSTOMER_LIMITS.notes),
  tags: v.pipe(
    v.array(
      v.pipe(
        v.string(CUSTOMER_MESSAGES.tag),
        v.maxLength(CUSTOMER_LIMITS.tag, CUSTOMER_MESSAGES.tag),
      ),
      CUSTOMER_MESSAGES.tags,
    ),
    v.transform((tags: string[]) => cleanTags(tags)),
    v.maxLength(CUSTOMER_LIMITS.tags, CUSTOMER_MESSAGES.tags),
  ),
  /** The day the customer agreed to hear from the shop; none: they have not (or withdrew). */
  marketing_consent: pastDay(CUSTOMER_MESSAGES.consent),
  birthday: pastDay(CUSTOMER_MESSAGES.birthday),
  /** The number on their member card: scanned at the till, it attaches them to the sale. */
  member_number: v.nullable(
    v.pipe(
      v.string(CUSTOMER_MESSAGES.memberNumber),
      v.trim(),
      v.regex(MEMBER_NUMBER_FORM, CUSTOMER_MESSAGES.memberNumber),
      emptyAsNull,
    ),
  ),
} as const;
export type CustomerField = keyof typeof CUSTOMER_FIELDS;
export const CUSTOMER_FIELD_KEYS = Object.keys(CUSTOMER_FIELDS) as CustomerField[];

export const CUSTOMER_FIELD_LABELS: Readonly<Record<CustomerField, string>> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  notes: 'Notes',
  tags: 'Tags',
  marketing_consent: 'Agrees to marketing',
  birthday: 'Birthday',
  member_number: 'Member number',
};

/** POST /customers: a new customer, with the id the device gave it. */
export const CustomerCreateSchema = v.object({
  id: v.pipe(v.string(), v.uuid('A customer id is a UUID')),
  ...v.partial(v.object(CUSTOMER_FIELDS)).entries,
  name: CUSTOMER_FIELDS.name,
});
export type CustomerCreate = v.InferOutput<typeof CustomerCreateSchema>;

/** PATCH /customers/{id}: some fields, based on the version the device held. */
export const CustomerPatchSchema = v.object({
  base_version: int32('base_version must be a version number', 1),
  changes: v.pipe(
    v.partial(v.strictObject(CUSTOMER_FIELDS)),
    v.check((changes) => Object.keys(changes).length > 0, CUSTOMER_MESSAGES.nothingToChange),
  ),
});
export type CustomerPatch = v.InferOutput<typeof CustomerPatchSchema>;
export type CustomerChanges = CustomerPatch['changes'];

export const CustomerSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  address: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  tags: v.array(v.string()),
  marketing_consent: v.nullable(v.string()),
  birthday: v.nullable(v.string()),
  /** Absent from what a device stored before member numbers. */
  member_number: v.optional(v.nullable(v.string()), null),
  /** Their account's limit in cents (account.ts); null or absent: no account. */
  account_limit_cents: v.optional(v.nullable(v.number()), null),
  version: v.number(),
  /** At which version each field last changed: what an edit based on an older one is merged by. */
  field_versions: v.record(v.string(), v.number()),
  created_at: v.string(),
  updated_at: v.string(),
  /** When their details were erased at their request (null or absent: never). */
  erased_at: v.optional(v.nullable(v.string())),
  /** The customer this one was merged into: their sales and orders are that one's now. */
  merged_into: v.optional(v.nullable(v.string())),
});

/** POST /customers/{id}/merge: the customer `from` merged into this one. */
export const CustomerMergeSchema = v.object({
  from: v.pipe(v.string(), v.uuid(CUSTOMER_MESSAGES.mergeSame)),
});

/**
 * What the customer kept becomes when `other` is merged into it: each detail it lacks taken
 * from the other, both notes kept, tags together (at most CUSTOMER_LIMITS.tags), consent from
 * the earlier day either gave. Only the fields that change.
 */
export function mergedDetails(
  kept: Customer,
  other: Customer,
): Partial<Record<CustomerField, unknown>> {
  const changes: Partial<Record<CustomerField, unknown>> = {};
  for (const field of ['email', 'phone', 'address', 'birthday', 'member_number'] as const) {
    if (kept[field] === null && other[field] !== null) changes[field] = other[field];
  }
  if (other.notes && other.notes !== kept.notes) {
    changes.notes = (kept.notes ? `${kept.notes}\n${other.notes}` : other.notes).slice(
      0,
      CUSTOMER_LIMITS.notes,
    );
  }
  const tags = cleanTags([...kept.tags, ...other.tags]).slice(0, CUSTOMER_LIMITS.tags);
  if (tags.length !== kept.tags.length) changes.tags = tags;
  const consent = [kept.marketing_consent, other.marketing_consent]
    .filter((day): day is string => day !== null)
    .sort()[0];
  if (consent !== undefined && consent !== kept.marketing_consent) {
    changes.marketing_consent = consent;
  }
  return changes;
}
export type Customer = v.InferOutput<typeof CustomerSchema>;

/**
 * One customer's data as the shop holds it, for them to take away (GET /customers/{id}/export):
 * their details, their orders and their sales with what each line was.
 */
export const CustomerExportSchema = v.object({
  exported_at: v.string(),
  customer: CustomerSchema,
  orders: v.array(
    v.object({
      number: v.string(),
      kind: v.string(),
      due_on: v.string(),
      status: v.string(),
      address: v.nullable(v.string()),
      notes: v.nullable(v.string()),
      lines: v.array(v.object({ name: v.string(), quantity: v.number(), price_cents: v.number() })),
    }),
  ),
  sales: v.array(
    v.object({
      receipt: v.string(),
      made_at: v.string(),
      total_cents: v.number(),
      lines: v.array(v.object({ name: v.string(), quantity: v.number(), net_cents: v.number() })),
    }),
  ),
  /** Their account's entries (absent from an export made before accounts). */
  account: v.optional(v.array(AccountEntrySchema), []),
});
export type CustomerExport = v.InferOutput<typeof CustomerExportSchema>;

export const CustomerListSchema = v.object({ customers: v.array(CustomerSchema) });

/** A new customer as the device holds it until the server answers. */
export function newCustomer(create: CustomerCreate, now: Date): Customer {
  const at = now.toISOString();
  return {
    id: create.id,
    name: create.name,
    email: create.email ?? null,
    phone: create.phone ?? null,
    address: create.address ?? null,
    notes: create.notes ?? null,
    tags: create.tags ?? [],
    marketing_consent: create.marketing_consent ?? null,
    birthday: create.birthday ?? null,
    member_number: create.member_number ?? null,
    account_limit_cents: null,
    version: 0,
    field_versions: {},
    created_at: at,
    updated_at: at,
  };
}
