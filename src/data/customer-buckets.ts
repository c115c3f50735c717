import type { Customer } from '#domains/customers/customer.ts';

/**
 * Customers are stored in a fixed number of records, each holding those whose id hashes to it
 * (customer-store.ts). Apart from the store so that the database's upgrade can use it too.
 */
export const CUSTOMER_BUCKETS = 32;

/** The customers whose ids hash to `n`. */
export interface CustomerBucket {
  n: number;
  customers: Customer[];
}

/** The record an id lives in: FNV-1a of its characters, so every device agrees. */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at += 1) {
    hash ^= id.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % CUSTOMER_BUCKETS;
}

/** `items` grouped by the record the id `idOf` gives lives in. */
export function byBucket<T>(items: readonly T[], idOf: (item: T) => string): Map<number, T[]> {
  const buckets = new Map<number, T[]>();
  for (const item of items) {
    const n = bucketOf(idOf(item));
    const bucket = buckets.get(n);
    if (bucket) bucket.push(item);
    else buckets.set(n, [item]);
  }
  return buckets;
}
