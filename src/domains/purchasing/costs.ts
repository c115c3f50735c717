import { roundCents, shareInProportion } from '../sales/money.ts';

/**
 * The arithmetic of buying (beyond the spec's prototype): every cost is integer cents, so that a
 * delivery's lines and freight add up to its invoice to the cent.
 */

/** Units in `cases` cases of `caseSize`, plus loose `units`. */
export function unitsOf(cases: number, caseSize: number, units = 0): number {
  return cases * caseSize + units;
}

/**
 * A case's cost over its units: each unit the cost rounded down, the last unit also the cents
 * that do not divide, so the units add up to the case (a $100.00 case of 12: eleven at 833 c
 * and one at 837 c).
 */
export function splitCaseCost(
  caseCents: number,
  caseSize: number,
): { unitCents: number; lastUnitCents: number } {
  const unitCents = Math.floor(caseCents / caseSize);
  return { unitCents, lastUnitCents: caseCents - unitCents * (caseSize - 1) };
}

/**
 * The freight of a delivery shared over its lines by their value (cost × units), the cents that
 * do not divide going to the largest remainders: the shares always add up to the freight. With
 * no value to go by (every line free), it is shared by units.
 */
export function spreadFreight(
  freightCents: number,
  lines: readonly { costCents: number; units: number }[],
): number[] {
  const values = lines.map((line) => line.costCents);
  if (values.some((value) => value > 0)) return shareInProportion(freightCents, values);
  return shareInProportion(
    freightCents,
    lines.map((line) => line.units),
  );
}

/**
 * The landed unit cost after a delivery: the weighted average of the stock on hand at its LUC
 * and the units received at their cost (freight included). Stock below zero (sold before it was
 * received) counts as none: it has no cost to average with. Nothing received leaves it as it
 * was.
 */
export function weightedLuc(
  onHand: number,
  lucCents: number,
  receivedUnits: number,
  receivedCostCents: number,
): number {
  if (receivedUnits <= 0) return lucCents;
  const held = Math.max(onHand, 0);
  return roundCents((held * lucCents + receivedCostCents) / (held + receivedUnits));
}
