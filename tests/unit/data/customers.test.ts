import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  heldCustomers,
  storeCustomers,
  storedCustomer,
  storedCustomers,
} from '#data/customer-store.ts';
import { db } from '#data/db.ts';
import {
  addCustomer,
  CUSTOMERS_RESOURCE,
  customersShown,
  editCustomer,
} from '#data/repositories/customers.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { mockServer } from '../../mocks/server.ts';
import { customer } from '../helpers/customer.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Offline: everything waits in the outbox, as the tablet leaves it.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
});

const waiting = async () =>
  (await db.outbox.orderBy('seq').toArray()).map((entry) => ({
    method: entry.method,
    path: entry.path,
    body: entry.body,
  }));
const shown = async () =>
  customersShown(
    await storedCustomers(),
    await db.outbox.where('resource').equals(CUSTOMERS_RESOURCE).sortBy('seq'),
  );

describe('customers made and changed offline', () => {
  it('shows a new customer at once and sends one create of it as it was last changed', async () => {
    const made = await addCustomer({ name: 'Margaret Chen', tags: ['Wine club'] });
    expect(await shown()).toEqual([
      expect.objectContaining({ id: made.id, name: 'Margaret Chen', version: 0 }),
    ]);
    await editCustomer(made, { phone: '0412 345 678' });
    await editCustomer(made, { phone: '0412 345 679', notes: 'Saturday pickups' });
    expect(await waiting()).toEqual([
      {
        method: 'POST',
        path: '/customers',
        body: {
          id: made.id,
          name: 'Margaret Chen',
          tags: ['Wine club'],
          phone: '0412 345 679',
          notes: 'Saturday pickups',
        },
      },
    ]);
    expect(await shown()).toEqual([
      expect.objectContaining({ id: made.id, phone: '0412 345 679', notes: 'Saturday pickups' }),
    ]);
    // Nothing is stored as the server's until it answers.
    expect(await heldCustomers()).toBe(0);
  });

  it('lays an edit of a customer the server has over its copy, based on the version held', async () => {
    const larder = customer({ name: 'The Larder Bistro', version: 4, phone: '02 9999 1234' });
    const tom = customer({ name: 'Tom Okafor' });
    await storeCustomers([larder, tom]);
    await editCustomer(larder, { tags: ['Trade'] });
    await editCustomer(larder, { notes: 'Deliveries on Fridays' });
    expect(await waiting()).toEqual([
      {
        method: 'PATCH',
        path: `/customers/${larder.id}`,
        body: { base_version: 4, changes: { tags: ['Trade'], notes: 'Deliveries on Fridays' } },
      },
    ]);
    // Stored by id (a random uuid): each is found by its own.
    const list = await shown();
    expect(list).toHaveLength(2);
    expect(list.find((each) => each.id === larder.id)).toMatchObject({
      tags: ['Trade'],
      notes: 'Deliveries on Fridays',
    });
    expect(list.find((each) => each.id === tom.id)).toEqual(tom);
    expect(await storedCustomer(larder.id)).toEqual(larder);
  });

  it('stops showing a change the server refused, leaving the server’s copy', async () => {
    const larder = customer({ name: 'The Larder Bistro', phone: '02 9999 1234' });
    await storeCustomers([larder]);
    await editCustomer(larder, { phone: '02 8888 1234' });
    await db.outbox.toCollection().modify({ state: 'needs-attention' });
    expect(await shown()).toEqual([larder]);
  });
});
