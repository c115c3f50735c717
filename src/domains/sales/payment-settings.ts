import * as v from 'valibot';
import { ApprovalKeySchema, ApproverSchema } from './approval.ts';
import { CASH_STEP_CENTS } from './constants.ts';
import { ShopIdentitySchema } from './tax-invoice.ts';

/**
 * Settings → Payment & Tax (beyond the spec's prototype): what the POS offers and how it rounds,
 * the discount staff may give alone, and the receipt's own words. Each is its own field, saved
 * by itself (`PATCH /sales/settings {changes}`), so two managers changing different settings on
 * two devices both keep theirs; for one field the later save wins.
 */
export const CASH_STEPS = [1, 5, 10] as const;
export type CashStep = (typeof CASH_STEPS)[number];
export const MAX_OTHER_TENDERS = 8;
export const MAX_FAVOURITES = 24;
export const MAX_TAG_DISCOUNTS = 10;

export const PAYMENT_MESSAGES = {
  tenderLabel: 'A tender is named in 1 to 30 characters',
  tenders: `At most ${MAX_OTHER_TENDERS} other tenders`,
  duplicateTender: 'Each tender has its own name',
  accountTender:
    'Account is the customer account tender: the till offers it once a customer with an account is attached',
  limit: 'The discount limit is 0 to 100 %',
  receiptText: 'Receipt text is at most 300 characters',
  noTender: 'Offer at least one way to pay',
  noChanges: 'Nothing to change',
  favourites: `At most ${MAX_FAVOURITES} favourites`,
  tagDiscount: 'A tag discount names a customer tag (1 to 30 characters) and 1 to 100 %',
  tagDiscounts: `At most ${MAX_TAG_DISCOUNTS} tag discounts`,
  duplicateTag: 'Each tag has one discount',
} as const;

const label = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, PAYMENT_MESSAGES.tenderLabel),
  v.maxLength(30, PAYMENT_MESSAGES.tenderLabel),
);
const receiptText = v.pipe(v.string(), v.maxLength(300, PAYMENT_MESSAGES.receiptText));

/** Each setting's own check, without its default: what a change of it must be. */
const FIELDS = {
  cash: v.boolean(),
  card: v.boolean(),
  otherTenders: v.pipe(
    v.array(label),
    v.maxLength(MAX_OTHER_TENDERS, PAYMENT_MESSAGES.tenders),
    v.check(
      (labels) => new Set(labels.map((name) => name.toLowerCase())).size === labels.length,
      PAYMENT_MESSAGES.duplicateTender,
    ),
    v.check((labels) => !labels.some(isAccountLabel), PAYMENT_MESSAGES.accountTender),
  ),
  cashStepCents: v.picklist(CASH_STEPS),
  discountLimitPercent: v.pipe(
    v.number(PAYMENT_MESSAGES.limit),
    v.minValue(0, PAYMENT_MESSAGES.limit),
    v.maxValue(100, PAYMENT_MESSAGES.limit),
  ),
  receiptHeader: receiptText,
  receiptFooter: receiptText,
  /**
   * Discounts customers with a tag get by themselves at the POS (e.g. Wine club 10 %): the sale
   * discount once the customer is attached, which the server takes as within the staff limit
   * (tagDiscountOf).
   */
  tagDiscounts: v.pipe(
    v.array(
      v.object({
        tag: v.pipe(
          v.string(PAYMENT_MESSAGES.tagDiscount),
          v.trim(),
          v.minLength(1, PAYMENT_MESSAGES.tagDiscount),
          v.maxLength(30, PAYMENT_MESSAGES.tagDiscount),
        ),
        percent: v.pipe(
          v.number(PAYMENT_MESSAGES.tagDiscount),
          v.minValue(1, PAYMENT_MESSAGES.tagDiscount),
          v.maxValue(100, PAYMENT_MESSAGES.tagDiscount),
        ),
      }),
    ),
    v.maxLength(MAX_TAG_DISCOUNTS, PAYMENT_MESSAGES.tagDiscounts),
    v.check(
      (list) => new Set(list.map((each) => each.tag.toLowerCase())).size === list.length,
      PAYMENT_MESSAGES.duplicateTag,
    ),
  ),
  /** The POS's favourites grid: product ids, in the order they were starred. */
  favourites: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
    v.maxLength(MAX_FAVOURITES, PAYMENT_MESSAGES.favourites),
  ),
};

export const DEFAULT_PAYMENT_SETTINGS = {
  cash: true,
  card: true,
  otherTenders: ['Voucher'],
  cashStepCents: CASH_STEP_CENTS,
  discountLimitPercent: 10,
  receiptHeader: '',
  receiptFooter: 'Thank you for shopping with us.',
  tagDiscounts: [],
  favourites: [],
} as const satisfies { [K in keyof typeof FIELDS]: v.InferOutput<(typeof FIELDS)[K]> };

export type PaymentSettings = {
  -readonly [K in keyof typeof FIELDS]: v.InferOutput<(typeof FIELDS)[K]>;
};
export type PaymentSettingKey = keyof PaymentSettings;
export const PAYMENT_SETTING_KEYS = Object.keys(FIELDS) as PaymentSettingKey[];

/**
 * 'Account' named as another tender: what the first settings offered before customers had
 * accounts. The till's Account tender is the customer's account now (#domains/customers/account.ts).
 */
const isAccountLabel = (label: string) => label.trim().toLowerCase() === 'account';

/**
 * Stored settings with the defaults of those never set, and of any added since; an 'Account'
 * other tender stored before accounts is dropped (the real one takes its place).
 */
export function withDefaults(stored: Partial<Record<string, unknown>>): PaymentSettings {
  const settings: Record<string, unknown> = {};
  for (const key of PAYMENT_SETTING_KEYS) {
    const value = stored[key];
    const parsed = v.safeParse(
      FIELDS[key],
      key === 'otherTenders' && Array.isArray(value)
        ? value.filter((label) => typeof label !== 'string' || !isAccountLabel(label))
        : value,
    );
    settings[key] = parsed.success ? parsed.output : structuredClone(DEFAULT_PAYMENT_SETTINGS[key]);
  }
  return settings as PaymentSettings;
}

/** PATCH /sales/settings: some of the settings, each checked by its own rule. */
export const PaymentSettingsChangesSchema = v.object({
  changes: v.pipe(
    v.strictObject(
      Object.fromEntries(PAYMENT_SETTING_KEYS.map((key) => [key, v.optional(FIELDS[key])])) as {
        [K in PaymentSettingKey]: v.OptionalSchema<(typeof FIELDS)[K], undefined>;
      },
    ),
    v.check((changes) => Object.keys(changes).length > 0, PAYMENT_MESSAGES.noChanges),
  ),
});
export type PaymentSettingsChanges = v.InferOutput<typeof PaymentSettingsChangesSchema>['changes'];

export type TagDiscount = PaymentSettings['tagDiscounts'][number];

/** The best discount a customer's tags give (any case), or null when none of them has one. */
export function tagDiscountOf(
  tags: readonly string[],
  discounts: readonly TagDiscount[],
): TagDiscount | null {
  const theirs = new Set(tags.map((tag) => tag.toLowerCase()));
  let best: TagDiscount | null = null;
  for (const discount of discounts) {
    if (theirs.has(discount.tag.toLowerCase()) && discount.percent > (best?.percent ?? 0)) {
      best = discount;
    }
  }
  return best;
}

/** Whether settings leave a way to pay. */
export const offersTender = (settings: PaymentSettings) =>
  settings.cash || settings.card || settings.otherTenders.length > 0;

/**
 * GET /sales/settings and the answer to a change: the settings, who may approve (names, never a
 * PIN's hash) and the key a tablet seals a typed PIN to.
 */
export const PaymentSettingsAnswerSchema = v.object({
  settings: v.pipe(v.record(v.string(), v.unknown()), v.transform(withDefaults)),
  approvers: v.array(ApproverSchema),
  /** Always answered; absent only from what a device stored before it first asked. */
  approval_key: v.optional(ApprovalKeySchema),
  /** Who the receipts are from: the Business Profile (absent as approval_key is). */
  shop: v.optional(ShopIdentitySchema),
});
export type PaymentSettingsAnswer = v.InferOutput<typeof PaymentSettingsAnswerSchema>;
