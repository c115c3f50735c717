import type { OrderStatus } from '#domains/purchasing/purchase-order.ts';

const DAY = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** A moment as the day it fell on, as the buying screens list them. */
export const dayText = (moment: string) => DAY.format(new Date(moment));

/** The orders a delivery can still be received against. */
export const OPEN_ORDER: ReadonlySet<OrderStatus> = new Set(['draft', 'sent', 'partly_received']);

/** The orders goods can arrive for (sent, not yet all received). */
export const RECEIVABLE_ORDER: ReadonlySet<OrderStatus> = new Set(['sent', 'partly_received']);
