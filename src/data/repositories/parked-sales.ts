import type { Discount } from '#domains/sales/money.ts';
import { db, type ParkedSalesMeta } from '../db.ts';
import { dropOpenBasket, type KeptBasket, keepBasket, openBasket } from './open-basket.ts';

/**
 * Sales parked on this tablet (beyond the spec's prototype): a basket put aside, the customer
 * gone back for another bottle, and resumed later on the same tablet. Kept in IndexedDB, so a
 * reload or a restart keeps them; they never leave the tablet.
 */
export interface ParkedSale {
  id: string;
  parkedAt: string;
  /** What the list shows: the first product and how many lines. */
  label: string;
  lines: KeptBasket['lines'];
  discount?: Discount;
  customer?: KeptBasket['customer'];
  order?: KeptBasket['order'];
}

async function stored(businessId: string): Promise<ParkedSale[]> {
  const meta = await db.meta.get('parked-sales');
  return meta?.key === 'parked-sales' && meta.businessId === businessId ? meta.sales : [];
}

export const parkedSales = stored;

export async function parkSale(businessId: string, sale: Omit<ParkedSale, 'id' | 'parkedAt'>) {
  await db.transaction('rw', db.meta, async () => {
    // Parked, it is no longer the open basket: in the same transaction, so a reload (or the
    // tablet dying) right after parking cannot bring it back as open as well as parked.
    await dropOpenBasket();
    const sales = await stored(businessId);
    const parked: ParkedSale = {
      ...sale,
      id: crypto.randomUUID(),
      parkedAt: new Date().toISOString(),
    };
    const meta: ParkedSalesMeta = { key: 'parked-sales', businessId, sales: [...sales, parked] };
    await db.meta.put(meta);
  });
}

/**
 * Takes a parked sale off the list and onto the open basket, after what the basket holds: in
 * one transaction, so a reload right after resuming finds it in the basket, not lost from both.
 * Undefined when another tab already resumed it.
 */
export async function unparkSale(businessId: string, id: string): Promise<ParkedSale | undefined> {
  return db.transaction('rw', db.meta, async () => {
    const sales = await stored(businessId);
    const found = sales.find((sale) => sale.id === id);
    if (!found) return undefined;
    await db.meta.put({
      key: 'parked-sales',
      businessId,
      sales: sales.filter((sale) => sale.id !== id),
    });
    const open = await openBasket(businessId);
    await keepBasket(businessId, {
      ...open,
      lines: [...(open?.lines ?? []), ...found.lines],
      payments: open?.payments ?? [],
      discount: open?.discount ?? found.discount,
      customer: open?.customer ?? found.customer,
      order: open?.order ?? found.order,
    });
    return found;
  });
}
