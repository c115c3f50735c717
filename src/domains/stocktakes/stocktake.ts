import * as v from 'valibot';
import { momentSchema } from '#shared/moments.ts';
import { int32 } from '#shared/validation.ts';

/**
 * Stocktakes (counts), beyond the spec's prototype whose Batch Operations tab repeated the table.
 * The server takes a snapshot of the expected stock of every product in scope when a count
 * starts. Counters send lines: each counter's line on one device is their count of a product
 * there, replaced when they count it again; lines of different counters (two shelves) add up.
 * Closing turns each counted product's variance against the snapshot into a movement with the
 * reason Inventory Count Correction, so sales and adjustments made during the count stay counted:
 * the stock after closing is what was counted plus what moved since the count started.
 */
export const STOCKTAKE_SCOPES = ['full', 'partial'] as const;
export type StocktakeScope = (typeof STOCKTAKE_SCOPES)[number];
/** 'scan': each scan of a product adds one; 'type': the quantity is typed. */
export const SCAN_MODES = ['scan', 'type'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
export const STOCKTAKE_STATUSES = ['open', 'closed', 'cancelled'] as const;
/** What a full count does with products nobody counted: count them as 0, or leave them. */
export const UNCOUNTED_CHOICES = ['zero', 'leave'] as const;
export type UncountedChoice = (typeof UNCOUNTED_CHOICES)[number];

/** The most one line may count. */
export const MAX_COUNT = 1_000_000;

export const STOCKTAKE_MESSAGES = {
  notFound: 'This count does not exist',
  closed: 'This count is closed',
  idTaken: 'This count id was already used for another count',
  productGone: 'This product no longer exists',
  uncountedChoice: 'Say what to do with the products nobody counted',
  count: 'Enter a whole number of 0 or more',
} as const;

const Uuid = v.pipe(v.string(), v.uuid());
const OptionalText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));

/** POST /stocktakes: a count, with the id the device gave it. */
export const StocktakeStartSchema = v.object({
  id: Uuid,
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Give the count a name'), v.maxLength(100)),
  scope: v.picklist(STOCKTAKE_SCOPES),
  category: OptionalText,
  search: OptionalText,
  scan_mode: v.picklist(SCAN_MODES),
  started_at: momentSchema('started_at'),
});
export type StocktakeStart = v.InferOutput<typeof StocktakeStartSchema>;

/** Lines one request may carry: a day's counting on one tablet, sent after hours offline. */
export const MAX_LINES_PER_REQUEST = 10_000;

/** This counter's count of a product on this device: replaces their earlier one if later. */
export const StocktakeLineSchema = v.object({
  product_id: int32('product_id must be a product id', 1),
  quantity: v.pipe(
    v.number(),
    v.integer(STOCKTAKE_MESSAGES.count),
    v.minValue(0, STOCKTAKE_MESSAGES.count),
    v.maxValue(MAX_COUNT),
  ),
  counted_at: momentSchema('counted_at'),
});
export type StocktakeLine = v.InferOutput<typeof StocktakeLineSchema>;

/**
 * PUT /stocktakes/{id}/lines: lines counted on one device. Answers which products were saved and
 * which are gone (deleted since, or not the business's), whose lines are dropped.
 */
export const StocktakeLinesSchema = v.object({
  device_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  lines: v.pipe(v.array(StocktakeLineSchema), v.minLength(1), v.maxLength(MAX_LINES_PER_REQUEST)),
});
export type StocktakeLines = v.InferOutput<typeof StocktakeLinesSchema>;

export const StocktakeLinesAnswerSchema = v.object({
  saved: v.number(),
  gone: v.array(v.number()),
});

/** POST /stocktakes/{id}/close. */
export const StocktakeCloseSchema = v.object({
  uncounted: v.picklist(UNCOUNTED_CHOICES, STOCKTAKE_MESSAGES.uncountedChoice),
});

export const StocktakeSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  scope: v.picklist(STOCKTAKE_SCOPES),
  category: v.nullable(v.string()),
  search: v.nullable(v.string()),
  scan_mode: v.picklist(SCAN_MODES),
  status: v.picklist(STOCKTAKE_STATUSES),
  started_at: v.string(),
  started_by: v.nullable(v.string()),
  closed_at: v.nullable(v.string()),
  /** Products in the snapshot, and how many of them have a line. */
  products: v.number(),
  counted: v.number(),
});
export type StocktakeSummary = v.InferOutput<typeof StocktakeSummarySchema>;

export const StocktakeListSchema = v.object({ stocktakes: v.array(StocktakeSummarySchema) });

/** GET /stocktakes/{id}: the count, its snapshot and its lines. */
export const StocktakeDetailSchema = v.object({
  stocktake: StocktakeSummarySchema,
  /** [product id, expected stock at the snapshot] for every product in scope. */
  expected: v.array(v.tuple([v.number(), v.number()])),
  lines: v.array(
    v.object({
      product_id: v.number(),
      quantity: v.number(),
      by: v.nullable(v.string()),
      device_id: v.string(),
      counted_at: v.string(),
    }),
  ),
});
export type StocktakeDetail = v.InferOutput<typeof StocktakeDetailSchema>;

export interface ReviewRow {
  productId: number;
  /** Expected stock when the count started. */
  expected: number;
  /** The lines of every counter added up; null when nobody counted it. */
  counted: number | null;
  /** counted − expected; 0 when not counted. */
  variance: number;
}

/**
 * Counted against expected for every product in scope: each product's lines add up (one per
 * counter and device, a recount having replaced the counter's earlier line).
 */
export function reviewCount(
  expected: readonly (readonly [number, number])[],
  lines: readonly { product_id: number; quantity: number }[],
): ReviewRow[] {
  const counted = new Map<number, number>();
  for (const line of lines) {
    counted.set(line.product_id, (counted.get(line.product_id) ?? 0) + line.quantity);
  }
  return expected.map(([productId, stock]) => {
    const total = counted.get(productId);
    return {
      productId,
      expected: stock,
      counted: total ?? null,
      variance: total === undefined ? 0 : total - stock,
    };
  });
}

/**
 * The movements closing makes: for each product counted, its variance against the snapshot; for
 * a full count whose uncounted products are counted as 0, theirs too. A partial count never
 * touches what nobody counted. Products without a variance need no movement.
 */
export function closingMovements(
  rows: readonly ReviewRow[],
  scope: StocktakeScope,
  uncounted: UncountedChoice,
): { productId: number; delta: number }[] {
  const zeroUncounted = scope === 'full' && uncounted === 'zero';
  return rows.flatMap((row) => {
    const delta = row.counted !== null ? row.variance : zeroUncounted ? -row.expected : 0;
    return delta === 0 ? [] : [{ productId: row.productId, delta }];
  });
}
