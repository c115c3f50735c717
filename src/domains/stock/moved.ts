import type { InventoryItem } from '../products/product.ts';
import { stockStatus } from '../products/status.ts';

/**
 * The one rule by which stock moves on a device before the server has the movement: a sale, a
 * return to the shelf, an adjustment, a delivery received. The product's count moves by `delta`
 * and its status follows; the server's ledger does the same arithmetic (src/server/stock/ledger.ts).
 */
export function moved(item: InventoryItem, delta: number): InventoryItem {
  const stock = (item.stock_quantity ?? 0) + delta;
  return { ...item, stock_quantity: stock, status: stockStatus(stock) };
}
