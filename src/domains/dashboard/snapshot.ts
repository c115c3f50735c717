import * as v from 'valibot';

/**
 * The dashboard snapshot (spec sections 2 and 3), as GET /api/v1/dashboard answers it. Low Stock
 * Alerts come from the catalogue; the other cards are fixed sample data until orders exist.
 */

/** Products at or below this stock are low-stock alerts (the highest stock-dot threshold). */
export const LOW_STOCK_ALERT_AT = 25;
/** The low-stock list shows at most this many items (spec section 9). */
export const LOW_STOCK_LIST_SIZE = 5;

const ChangeSchema = v.object({ value: v.number(), changePercent: v.number() });

export const DashboardSnapshotSchema = v.object({
  /** When the server made this snapshot (ISO 8601). */
  asOf: v.pipe(v.string(), v.isoTimestamp()),
  today: v.object({ revenue: ChangeSchema, profit: ChangeSchema }),
  tomorrowOrders: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      items: v.number(),
      time: v.string(),
      kind: v.picklist(['Pickup', 'Delivery']),
    }),
  ),
  sales: v.array(v.object({ name: v.string(), revenue: v.number() })),
  topItems: v.array(
    v.object({ img: v.string(), name: v.string(), category: v.string(), sold: v.number() }),
  ),
  lowStock: v.object({
    count: v.number(),
    items: v.array(v.object({ id: v.number(), name: v.string(), stock: v.number() })),
  }),
});
export type DashboardSnapshot = v.InferOutput<typeof DashboardSnapshotSchema>;
export type LowStockItem = DashboardSnapshot['lowStock']['items'][number];

/**
 * Low Stock Alerts: every product at or below LOW_STOCK_ALERT_AT counts; the list shows the
 * lowest first (ties by name, then id, so it is stable) and at most LOW_STOCK_LIST_SIZE of them.
 */
export function selectLowStock(products: readonly LowStockItem[]): DashboardSnapshot['lowStock'] {
  const low = products
    .filter((product) => product.stock <= LOW_STOCK_ALERT_AT)
    .sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name, 'en') || a.id - b.id);
  return { count: low.length, items: low.slice(0, LOW_STOCK_LIST_SIZE) };
}
