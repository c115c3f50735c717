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
