import * as v from 'valibot';

/**
 * Reorder figures (spec section 3's Stock Management: autoReorderEnabled, autoReorderDays,
 * safetyStockMultiplier). A product's reorder point and quantity are its own fields, or, when the
 * shop reorders automatically and the product sets none, worked out from how fast it sells:
 * - the rate: units sold over the last RATE_WEEKS weeks, net of returns, per week;
 * - the point: the rate over the supplier's lead time times the safety multiplier (2: the lead
 *   time again as safety stock), so an order placed at the point arrives before the shelf is
 *   empty even if sales run at twice their rate;
 * - the quantity: the rate over autoReorderDays (30: a month's cover), in whole cases.
 * Each says how it was worked out, in words a manager checks.
 */
export const RATE_WEEKS = 8;
/** The lead time of a supplier that names none. */
export const DEFAULT_LEAD_DAYS = 7;

export interface ReorderRules {
  autoReorderEnabled: boolean;
  autoReorderDays: number;
  safetyStockMultiplier: number;
}

export interface ReorderInput {
  /** The product's own figures; null where it sets none. */
  reorderPoint: number | null;
  reorderQuantity: number | null;
  /** Units sold less units returned over the last RATE_WEEKS weeks. */
  netUnitsSold: number;
  leadDays: number | null;
  caseSize: number | null;
}

export interface ReorderFigures {
  /** null: no point (none set, and not automatic or nothing sold). */
  point: number | null;
  quantity: number | null;
  weeklyRate: number;
  leadDays: number;
  /** How the figures were worked out, e.g. 'Sells 6.5 a week; 14 days' lead; 2 cases of 12'. */
  explanation: string;
  automatic: boolean;
}

/** Rounded up to whole cases (of 1 when the product has no case size). */
export function inWholeCases(units: number, caseSize: number | null): number {
  const size = caseSize && caseSize > 0 ? caseSize : 1;
  return Math.max(Math.ceil(units / size - 1e-9), 0) * size;
}

// One formatter for every figure: a catalogue's worth of toLocaleString calls, each making its
// own, took seconds.
const ONE_DECIMAL = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
const oneDecimal = (value: number) => ONE_DECIMAL.format(value);

const casesText = (units: number, caseSize: number | null) => {
  if (!caseSize || caseSize <= 1) return `${units} ${units === 1 ? 'unit' : 'units'}`;
  const cases = units / caseSize;
  return `${cases} ${cases === 1 ? 'case' : 'cases'} of ${caseSize}`;
};

/** The reorder point alone: enough to tell whether a product is due, for a whole catalogue. */
export function reorderPoint(
  input: ReorderInput,
  rules: ReorderRules,
): Pick<ReorderFigures, 'point' | 'weeklyRate' | 'leadDays' | 'automatic'> {
  const weeklyRate = Math.max(input.netUnitsSold, 0) / RATE_WEEKS;
  const leadDays = input.leadDays ?? DEFAULT_LEAD_DAYS;
  const automatic =
    rules.autoReorderEnabled && (input.reorderPoint === null || input.reorderQuantity === null);
  const point =
    input.reorderPoint ??
    (automatic && weeklyRate > 0
      ? Math.ceil((weeklyRate / 7) * leadDays * rules.safetyStockMultiplier - 1e-9)
      : null);
  return { point, weeklyRate, leadDays, automatic };
}

export function reorderFigures(input: ReorderInput, rules: ReorderRules): ReorderFigures {
  const { point, weeklyRate, leadDays, automatic } = reorderPoint(input, rules);
  const dailyRate = weeklyRate / 7;
  const quantity =
    input.reorderQuantity ??
    (automatic && weeklyRate > 0
      ? inWholeCases(dailyRate * rules.autoReorderDays, input.caseSize)
      : null);
  const parts = [
    `Sells ${oneDecimal(weeklyRate)} a week`,
    `${leadDays} ${leadDays === 1 ? "day's" : "days'"} lead`,
  ];
  if (quantity !== null) parts.push(casesText(quantity, input.caseSize));
  return { point, quantity, weeklyRate, leadDays, explanation: parts.join('; '), automatic };
}

/** Whether a product needs ordering: its available stock at or under its point. */
export function needsReorder(available: number, point: number | null): boolean {
  return point !== null && available <= point;
}

/** A product's reorder figures as the server works them out (GET …/reorder, suggestions). */
export const ReorderLineSchema = v.object({
  product_id: v.number(),
  name: v.string(),
  stock: v.number(),
  point: v.nullable(v.number()),
  quantity: v.nullable(v.number()),
  automatic: v.boolean(),
  weekly_rate: v.number(),
  lead_days: v.number(),
  case_size: v.nullable(v.number()),
  /** What one unit costs to buy now: the product's LUC, in cents. */
  unit_cost_cents: v.number(),
  explanation: v.string(),
  supplier_id: v.nullable(v.string()),
  supplier: v.nullable(v.string()),
});
export type ReorderLine = v.InferOutput<typeof ReorderLineSchema>;

/**
 * Reorder suggestions: the products at or under their point, grouped by supplier (those without
 * one last), each with the quantity to order and its value at cost.
 */
export const ReorderSuggestionsSchema = v.object({
  suppliers: v.array(
    v.object({
      supplier_id: v.nullable(v.string()),
      name: v.nullable(v.string()),
      minimum_order_cents: v.nullable(v.number()),
      lines: v.array(ReorderLineSchema),
      value_cents: v.number(),
    }),
  ),
});
export type ReorderSuggestions = v.InferOutput<typeof ReorderSuggestionsSchema>;
