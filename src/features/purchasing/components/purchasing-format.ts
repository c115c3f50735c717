import type { OrderStatus } from '#domains/purchasing/purchase-order.ts';

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** A moment as the day it fell on, as the buying screens list them. */
export const dayText = (moment: string) => DAY.format(new Date(moment));

/** The orders a delivery can still be received against. */
export const OPEN_ORDER: ReadonlySet<OrderStatus> = new Set(['draft', 'sent', 'partly_received']);

/** The orders goods can arrive for (sent, not yet all received). */
export const RECEIVABLE_ORDER: ReadonlySet<OrderStatus> = new Set(['sent', 'partly_received']);

/** A whole number of units as typed, from `min` to `max`; null when it is not one. */
export function typedUnits(text: string, min: number, max: number): number | null {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** Cents as an amount to type over ('12.50'); empty for none. */
export const centsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
