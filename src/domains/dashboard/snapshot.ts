import * as v from 'valibot';
import { momentSchema } from '#shared/moments.ts';

/**
 * The dashboard snapshot (spec sections 2 and 3), as GET /api/v1/dashboard?tz= answers it.
 * Today's Snapshot, Sales Performance and Most Sold Items come from the shop's sales (money in
 * integer cents, days by the asker's time zone), Low Stock Alerts from the catalogue; Tomorrow's
 * Orders stays the spec's sample until customer orders exist.
 */

/** Products at or below this stock are low-stock alerts (the highest stock-dot threshold). */
export const LOW_STOCK_ALERT_AT = 25;
/** The low-stock list shows at most this many items (spec section 9). */
export const LOW_STOCK_LIST_SIZE = 5;

/** Most Sold Items lists this many products. */
export const TOP_ITEMS_SIZE = 4;

/** A figure of today and its change against yesterday to the same time (null: nothing then). */
const ChangeSchema = v.object({ cents: v.number(), changePercent: v.nullable(v.number()) });

export const DashboardSnapshotSchema = v.object({
  /** When the server made this snapshot (ISO 8601). */
  asOf: momentSchema('asOf'),
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
  /** The last 7 days, oldest first: weekday ('Mon'), date ('2026-11-20') and takings. */
  sales: v.array(v.object({ name: v.string(), date: v.string(), revenueCents: v.number() })),
  topItems: v.array(
    v.object({
      id: v.nullable(v.number()),
      img: v.string(),
      name: v.string(),
      category: v.string(),
      sold: v.number(),
    }),
  ),
  /** Whether the shop has ever recorded a sale (the cards say so when it has not). */
  hasSales: v.boolean(),
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
