import type { OrderKind } from '#domains/customer-orders/customer-order.ts';
import type { Discount } from '#domains/sales/money.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { db } from '../db.ts';

/**
 * The basket being rung up on this tablet, kept in IndexedDB with every change: a reload, a
 * crash or the person signing out and in again (device-owner.ts sets it aside for them) finds
 * it as it was. Only a sale, a park or Clear empties it. Lines keep the product's id; the
 * product comes from the catalogue when the basket is opened again.
 */
export interface KeptBasket {
  lines: {
    productId: number;
    quantity: number;
    unitCents?: number;
    /** The price its customer order agreed. */
    agreedCents?: number;
    discount?: Discount;
  }[];
  discount?: Discount;
  /** Card and other payments already taken for it. */
  payments: Exclude<Sale['tenders'][number], { kind: 'cash' }>[];
  /** The customer it is sold to, by id, with the name the till shows. */
  customer?: { id: string; name: string };
  /** The customer order it completes. */
  order?: { id: string; number: string; kind: OrderKind };
  /** The customer's tag discount the sale discount is (Settings → Payment & Tax). */
  tagDiscount?: { tag: string; percent: number };
}

export async function openBasket(businessId: string): Promise<KeptBasket | null> {
  const meta = await db.meta.get('open-basket');
  return meta?.key === 'open-basket' && meta.businessId === businessId ? meta.basket : null;
}

/** No basket is open (it was sold, cleared or parked). */
export const dropOpenBasket = () => db.meta.delete('open-basket');

/** Keeps the basket as it is now; an empty one is no basket at all. */
export async function keepBasket(businessId: string, basket: KeptBasket): Promise<void> {
  if (basket.lines.length === 0 && basket.payments.length === 0) {
    await dropOpenBasket();
    return;
  }
  await db.meta.put({ key: 'open-basket', businessId, basket });
}
