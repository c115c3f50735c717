import { type CustomerOrder, RESERVING } from './customer-order.ts';

/** One product to fetch from the shelves: how many in all, and for how many orders. */
export interface PickLine {
  product_id: number;
  name: string;
  units: number;
  orders: number;
}

/**
 * A picking list of orders: those still to hand over (open or ready), and every product they
 * need summed across them, by name, so one walk of the shelves fetches a day's orders.
 */
export function pickingList(orders: readonly CustomerOrder[]): {
  orders: CustomerOrder[];
  products: PickLine[];
} {
  const picked = orders.filter((order) => RESERVING.has(order.status));
  const byProduct = new Map<number, PickLine>();
  for (const order of picked) {
    for (const line of order.lines) {
      const entry = byProduct.get(line.product_id) ?? {
        product_id: line.product_id,
        name: line.name,
        units: 0,
        orders: 0,
      };
      entry.units += line.quantity;
      entry.orders += 1;
      byProduct.set(line.product_id, entry);
    }
  }
  const products = [...byProduct.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.product_id - b.product_id,
  );
  return { orders: picked, products };
}
