import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { OrderSchema } from './purchase-order.ts';
import { DeliverySchema } from './receiving.ts';
import { SupplierSchema } from './supplier.ts';

/** The suppliers made or changed since the cursor, as they are now. */
export const suppliersFeed = defineFeed({
  name: 'suppliers',
  answer: v.object({ cursor: v.number(), suppliers: v.array(SupplierSchema) }),
});

/** The purchase orders made or changed since the cursor (sent, received, cancelled), as now. */
export const purchaseOrdersFeed = defineFeed({
  name: 'purchase-orders',
  answer: v.object({ cursor: v.number(), orders: v.array(OrderSchema) }),
});

/** The deliveries started, counted, invoiced, posted or cancelled since the cursor, as now. */
export const deliveriesFeed = defineFeed({
  name: 'deliveries',
  answer: v.object({ cursor: v.number(), deliveries: v.array(DeliverySchema) }),
});
