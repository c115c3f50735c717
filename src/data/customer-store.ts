import type { Customer } from '#domains/customers/customer.ts';
import { bucketOf, byBucket, type CustomerBucket } from './customer-buckets.ts';
import { db } from './db.ts';

/**
 * The customers as stored in Dexie: in a fixed number of records, each holding the customers
 * whose id hashes to it. IndexedDB's cost is per record more than per byte (20,000 customers
 * written one record each took 4 s in Chromium here, past the 3 s budget for loading them), so
 * the first pull writes a few dozen records; a change since rewrites only the records holding
 * the customers it names. Screens read them all at once (lists, search, pickers), never by index.
 */

/** Every stored customer (the server's copies), in no particular order. */
export async function storedCustomers(): Promise<Customer[]> {
  const buckets = await db.customerBuckets.toArray();
  return buckets.flatMap((bucket) => bucket.customers);
}

export async function storedCustomer(id: string): Promise<Customer | undefined> {
  const bucket = await db.customerBuckets.get(bucketOf(id));
  return bucket?.customers.find((customer) => customer.id === id);
}

/** How many customers are stored. */
export async function heldCustomers(): Promise<number> {
  const buckets = await db.customerBuckets.toArray();
  return buckets.reduce((total, bucket) => total + bucket.customers.length, 0);
}

/**
 * Customers stored as the server gave them, each replacing the copy held of it; the records
 * they touch are read and rewritten in one transaction (joining the caller's, when it has one
 * over customerBuckets).
 */
export function storeCustomers(customers: readonly Customer[]): Promise<void> {
  return changeCustomers(customers.map((customer) => [customer.id, () => customer]));
}

/** Changes of stored customers by id; a customer not stored is left alone. */
export function updateStoredCustomers(
  changes: readonly (readonly [string, (stored: Customer) => Customer])[],
): Promise<void> {
  return changeCustomers(
    changes.map(([id, change]) => [id, (stored) => (stored ? change(stored) : undefined)]),
  );
}

type Change = readonly [string, (stored: Customer | undefined) => Customer | undefined];

async function changeCustomers(changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const changesOf = byBucket(changes, ([id]) => id);
  const numbers = [...changesOf.keys()];
  await db.transaction('rw', db.customerBuckets, async () => {
    const read = await db.customerBuckets.bulkGet(numbers);
    const written: CustomerBucket[] = numbers.map((n, index) => {
      const held = new Map((read[index]?.customers ?? []).map((each) => [each.id, each]));
      for (const [id, change] of changesOf.get(n) ?? []) {
        const changed = change(held.get(id));
        if (changed) held.set(id, changed);
      }
      return { n, customers: [...held.values()] };
    });
    await db.customerBuckets.bulkPut(written);
  });
}
