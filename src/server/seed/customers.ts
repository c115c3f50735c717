import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema.ts';

/**
 * Generated customers for load work (`npm run admin -- seed-customers`): names from a few lists,
 * every second with an email and every third with a phone, as a shop's regulars are kept. Stored
 * in chunks; devices take them through the pull as any customer.
 */
const FIRST = ['Margaret', 'Tom', 'Priya', 'Lucas', 'Aiko', 'Sam', 'Olivia', 'Noah', 'Zara', 'Eli'];
const LAST = ['Chen', 'Okafor', 'Natarajan', 'Ferreira', 'Tanaka', 'Smith', 'Brown', 'Nguyen'];
const CHUNK = 1_000;

/** The details of the `n`th generated customer (0, 1, …): the same for the same `n`. */
export const generatedCustomer = (n: number) => ({
  name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`,
  email: n % 2 === 0 ? `customer${n}@example.test` : null,
  phone: n % 3 === 0 ? `04${String(10_000_000 + n * 37).slice(-8)}` : null,
  tags: n % 10 === 0 ? ['Wine club'] : [],
});

export async function seedCustomers(db: Db, businessId: string, total: number): Promise<void> {
  for (let start = 0; start < total; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, total - start) }, (_, offset) => ({
      id: randomUUID(),
      businessId,
      ...generatedCustomer(start + offset),
    }));
    await db.insert(customers).values(rows);
  }
}
