import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { CustomerOrderSchema } from './customer-order.ts';

/** The customer orders made or changed since the cursor, as they are now. */
export const customerOrdersFeed = defineFeed({
  name: 'customer-orders',
  answer: v.object({ cursor: v.number(), orders: v.array(CustomerOrderSchema) }),
});
