import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { Customer } from '#domains/customers/customer.ts';
import { db } from '../db.ts';
import { CUSTOMERS_RESOURCE, customersShown, refreshCustomers } from '../repositories/customers.ts';

/**
 * The business's customers as this device shows them (the server's copy with the changes made
 * here laid over it), without those merged into another (their sales and orders are the kept
 * one's); undefined while reading. Opening a screen of them makes this device keep them, and
 * brings them up to date.
 */
export function useCustomers(): readonly Customer[] | undefined {
  useEffect(() => {
    void refreshCustomers().catch(() => {});
  }, []);
  return useLiveQuery(async () => {
    const [stored, waiting] = await Promise.all([
      db.customers.toArray(),
      db.outbox.where('resource').equals(CUSTOMERS_RESOURCE).sortBy('seq'),
    ]);
    return customersShown(stored, waiting).filter((customer) => !customer.merged_into);
  }, []);
}

/** Customer changes made here and still on their way (or refused), for a customer's page. */
export function useWaitingCustomerChanges(id: string) {
  return useLiveQuery(
    () =>
      db.outbox
        .where('recordId')
        .equals(id)
        .filter((entry) => entry.resource === CUSTOMERS_RESOURCE)
        .toArray(),
    [id],
  );
}
