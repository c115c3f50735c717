import * as v from 'valibot';
import { momentSchema } from '#shared/moments.ts';

/**
 * Stock movements (beyond the spec's prototype, whose stock never changed): stock is never set,
 * it is the sum of signed movements, each with an id made on the device, a reason and when it
 * was made. Two devices' movements of one product both count, in any order; a movement sent
 * twice counts once.
 */

/** The reason of the movements that hold the stock a product had before movements existed. */
export const OPENING_BALANCE = 'Opening balance';
/** The reason of the movements a stocktake makes when it is closed (spec section 3's list). */
export const COUNT_CORRECTION = 'Inventory Count Correction';

/** One movement moves at most this many units either way. */
export const MAX_MOVEMENT = 1_000_000;
export const MAX_NOTE_LENGTH = 500;
const MAX_REASON_LENGTH = 100;

export const STOCK_MESSAGES = {
  quantity: 'Enter a whole number of at least 1',
  quantityTooLarge: `Enter at most ${MAX_MOVEMENT.toLocaleString('en')}`,
  reason: 'Choose a reason',
  note: `Keep the note to ${MAX_NOTE_LENGTH} characters`,
  invalid: 'This stock movement is not valid',
  productGone: 'This product no longer exists',
  idTaken: 'This movement id was already used for another movement',
} as const;

/** POST /stock/products/{id}/movements. */
export const StockMovementRequestSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  delta: v.pipe(
    v.number(),
    v.integer(),
    v.check((delta) => delta !== 0, STOCK_MESSAGES.quantity),
    v.minValue(-MAX_MOVEMENT, STOCK_MESSAGES.quantityTooLarge),
    v.maxValue(MAX_MOVEMENT, STOCK_MESSAGES.quantityTooLarge),
  ),
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(STOCK_MESSAGES.reason),
    v.maxLength(MAX_REASON_LENGTH),
  ),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_NOTE_LENGTH, STOCK_MESSAGES.note))),
  made_at: momentSchema('made_at'),
});
export type StockMovementRequest = v.InferOutput<typeof StockMovementRequestSchema>;

export const StockMovementSchema = v.object({
  id: v.string(),
  delta: v.number(),
  reason: v.string(),
  note: v.nullable(v.string()),
  made_at: v.string(),
  by: v.nullable(v.string()),
});
export type StockMovement = v.InferOutput<typeof StockMovementSchema>;

/** GET /stock/products/{id}/movements: the newest first. */
export const StockMovementsSchema = v.object({ movements: v.array(StockMovementSchema) });

/** How many movements the product detail shows. */
export const RECENT_MOVEMENTS = 10;

/** What the user types: the quantity to add or remove, its reason and a note. */
export interface AdjustmentDraft {
  direction: 'add' | 'remove';
  quantity: string;
  reason: string;
  note: string;
}

export type AdjustmentCheck =
  | { ok: true; delta: number; reason: string; note: string | undefined }
  | { ok: false; errors: Partial<Record<'quantity' | 'reason' | 'note', string>> };

/** The adjustment a draft asks for, or the message of each field that is not valid. */
export function checkAdjustment(draft: AdjustmentDraft): AdjustmentCheck {
  const errors: Partial<Record<'quantity' | 'reason' | 'note', string>> = {};
  const text = draft.quantity.trim();
  const quantity = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1) errors.quantity = STOCK_MESSAGES.quantity;
  else if (quantity > MAX_MOVEMENT) errors.quantity = STOCK_MESSAGES.quantityTooLarge;
  const reason = draft.reason.trim();
  if (!reason) errors.reason = STOCK_MESSAGES.reason;
  const note = draft.note.trim();
  if (note.length > MAX_NOTE_LENGTH) errors.note = STOCK_MESSAGES.note;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    delta: draft.direction === 'add' ? quantity : -quantity,
    reason,
    note: note || undefined,
  };
}

/** A movement as the screens say it: '+3' or '−2' (a real minus sign). */
export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}
