/**
 * Pricing of spec section 9. Margin % = (listPrice − (luc + gst)) / listPrice × 100, computed
 * only when all three are present; a list price of 0 has no margin (it would divide by zero).
 */
const present = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function totalCost(luc: number, gst: number): number {
  return luc + gst;
}

export function markup(listPrice: number, luc: number, gst: number): number {
  return listPrice - totalCost(luc, gst);
}

export function marginPercent(
  listPrice: number | null | undefined,
  luc: number | null | undefined,
  gst: number | null | undefined,
): number | null {
  if (!present(listPrice) || !present(luc) || !present(gst) || listPrice === 0) return null;
  return ((listPrice - (luc + gst)) / listPrice) * 100;
}

/** Rounds to 2 decimals, the precision money and margins are shown and sent with. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Product Defaults' rules for a list price worked out from the cost (spec section 3). */
export interface RetailRules {
  defaultMarkup: number;
  roundingRule: 'nearest' | 'charm' | 'none';
  roundingAmount: number;
  roundingDirection: 'nearest' | 'up' | 'down';
}

/**
 * The list price a new product is offered: its total cost (LUC + GST) with the markup, rounded
 * by the rule — to a step (nearest, up or down: $0.05 by default), to end in .99, or not at all.
 */
export function suggestedListPrice(luc: number, gst: number, rules: RetailRules): number {
  return roundedPrice(totalCost(luc, gst) * (1 + rules.defaultMarkup / 100), rules);
}

/** A price worked out from a cost, rounded by Product Defaults' rule. */
export function roundedPrice(raw: number, rules: Omit<RetailRules, 'defaultMarkup'>): number {
  if (rules.roundingRule === 'none' || raw <= 0) return round2(raw);
  if (rules.roundingRule === 'charm') return round2(Math.ceil(raw + 0.01) - 0.01);
  const step = rules.roundingAmount > 0 ? rules.roundingAmount : 0.01;
  // In cents, so that a step of 0.05 adds up exactly.
  const steps = Math.round(raw * 100) / Math.round(step * 100);
  const whole =
    rules.roundingDirection === 'up'
      ? Math.ceil(steps - 1e-9)
      : rules.roundingDirection === 'down'
        ? Math.floor(steps + 1e-9)
        : Math.round(steps);
  return round2((whole * Math.round(step * 100)) / 100);
}
