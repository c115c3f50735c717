import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { bucketOf, CUSTOMER_BUCKETS } from '#data/customer-buckets.ts';
import {
  heldCustomers,
  storeCustomers,
  storedCustomer,
  storedCustomers,
  updateStoredCustomers,
} from '#data/customer-store.ts';
import { db, VintryDatabase } from '#data/db.ts';
import { customer } from '../helpers/customer.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeEach(clearLocalData);

const byId = (list: readonly { id: string }[]) =>
  [...list].sort((a, b) => a.id.localeCompare(b.id));

describe('customers stored in records of many', () => {
  it('keeps 2,000 customers in at most its fixed number of records, each found by id', async () => {
    const many = Array.from({ length: 2000 }, (_, n) => customer({ name: `Customer ${n}` }));
    await storeCustomers(many);
    expect(await db.customerBuckets.count()).toBeLessThanOrEqual(CUSTOMER_BUCKETS);
    expect(await heldCustomers()).toBe(2000);
    expect(byId(await storedCustomers())).toEqual(byId(many));
    const some = many[1234];
    if (!some) throw new Error('no customer');
    expect(await storedCustomer(some.id)).toEqual(some);
    // Spread over the records, not piled into a few.
    expect(await db.customerBuckets.count()).toBe(CUSTOMER_BUCKETS);
  });

  it('replaces the copy held of a customer stored again, leaving the others of its record', async () => {
    const larder = customer({ name: 'The Larder Bistro', version: 1 });
    const neighbours = Array.from({ length: 200 }, (_, n) => customer({ name: `Regular ${n}` }));
    await storeCustomers([larder, ...neighbours]);
    await storeCustomers([{ ...larder, name: 'The Larder', version: 2 }]);
    expect(await heldCustomers()).toBe(201);
    expect(await storedCustomer(larder.id)).toMatchObject({ name: 'The Larder', version: 2 });
    const sameRecord = neighbours.filter((each) => bucketOf(each.id) === bucketOf(larder.id));
    for (const each of sameRecord) expect(await storedCustomer(each.id)).toEqual(each);
  });

  it('changes a stored customer in place and leaves one it does not hold unstored', async () => {
    const tom = customer({ name: 'Tom Okafor' });
    await storeCustomers([tom]);
    const unknown = crypto.randomUUID();
    await updateStoredCustomers([
      [tom.id, (stored) => ({ ...stored, merged_into: unknown })],
      [unknown, (stored) => ({ ...stored, notes: 'never stored' })],
    ]);
    expect(await storedCustomer(tom.id)).toMatchObject({
      name: 'Tom Okafor',
      merged_into: unknown,
    });
    expect(await storedCustomer(unknown)).toBeUndefined();
    expect(await heldCustomers()).toBe(1);
  });

  it('puts an id in the same record every time, within the records there are', () => {
    // FNV-1a's published 32-bit value for 'a' is 0xe40c292c: every device hashes alike.
    expect(bucketOf('a')).toBe(0xe40c292c % CUSTOMER_BUCKETS);
    const seen = new Set(
      Array.from({ length: 500 }, () => bucketOf(crypto.randomUUID())).map((n) => {
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(CUSTOMER_BUCKETS);
        return n;
      }),
    );
    expect(seen.size).toBe(CUSTOMER_BUCKETS);
  });
});

it('moves the customers of a database the app kept one per record into its records', async () => {
  const name = `vintry-customers-${crypto.randomUUID()}`;
  const before = new Dexie(name);
  before
    .version(7)
    .stores({ meta: 'key', outbox: '++seq, &id, resource, state, recordId', customers: 'id' });
  const held = Array.from({ length: 50 }, (_, n) => customer({ name: `Held ${n}` }));
  await before.table('customers').bulkPut(held);
  await before.table('meta').put({ key: 'feed:customers', cursor: 12 });
  before.close();

  const after = new VintryDatabase(name);
  await after.open();
  const stored = (await after.customerBuckets.toArray()).flatMap((bucket) => bucket.customers);
  expect(byId(stored)).toEqual(byId(held));
  expect(await after.meta.get('feed:customers')).toEqual({ key: 'feed:customers', cursor: 12 });
  expect(after.verno).toBe(9);
  expect(after.backendDB().objectStoreNames.contains('customers')).toBe(false);
  after.close();
  await Dexie.delete(name);
});
