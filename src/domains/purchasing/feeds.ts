import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { SupplierSchema } from './supplier.ts';

/** The suppliers made or changed since the cursor, as they are now. */
export const suppliersFeed = defineFeed({
  name: 'suppliers',
  answer: v.object({ cursor: v.number(), suppliers: v.array(SupplierSchema) }),
});
