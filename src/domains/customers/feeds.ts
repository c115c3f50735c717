import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { AccountEntrySchema } from './account.ts';
import { CustomerSchema } from './customer.ts';

/** The customers made or changed since the cursor, as they are now. */
export const customersFeed = defineFeed({
  name: 'customers',
  answer: v.object({ cursor: v.number(), customers: v.array(CustomerSchema) }),
});

/** The entries of customers' accounts made since the cursor (entries are never changed). */
export const accountsFeed = defineFeed({
  name: 'customer-accounts',
  answer: v.object({ cursor: v.number(), entries: v.array(AccountEntrySchema) }),
});
