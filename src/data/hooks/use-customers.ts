import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { AccountEntry } from '#domains/customers/account.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { storedCustomers } from '../customer-store.ts';
import { db } from '../db.ts';
import { shownEntries } from '../repositories/customer-accounts.ts';
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
      storedCustomers(),
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

/**
 * A customer's account entries as this device shows them (account.ts: the balance is their
 * sum): the server's, with payments and sales on account made here still on their way;
 * undefined while reading.
 */
export function useAccountEntries(customerId: string | undefined): AccountEntry[] | undefined {
  return useLiveQuery(async () => (customerId ? shownEntries(customerId) : []), [customerId]);
}
