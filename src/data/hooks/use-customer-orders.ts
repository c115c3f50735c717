import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { type CustomerOrder, reservedUnits } from '#domains/customer-orders/customer-order.ts';
import type { ReservedStock } from '#domains/products/status.ts';
import { db } from '../db.ts';
import {
  CUSTOMER_ORDERS_RESOURCE,
  keepCustomerOrders,
  ordersShown,
  refreshCustomerOrders,
} from '../repositories/customer-orders.ts';
import { SALES_RESOURCE } from '../repositories/sales.ts';

/**
 * The business's customer orders as this device shows them (the server's copy with the changes
 * made here laid over it); undefined while reading. Opening a screen of them makes this device
 * keep them, and brings them up to date.
 */
export function useCustomerOrders(): readonly CustomerOrder[] | undefined {
  useEffect(() => {
    void refreshCustomerOrders().catch(() => {});
  }, []);
  return useShownOrders();
}

const useShownOrders = () =>
  useLiveQuery(async () => {
    const [stored, waiting, sales] = await Promise.all([
      db.customerOrders.toArray(),
      db.outbox.where('resource').equals(CUSTOMER_ORDERS_RESOURCE).sortBy('seq'),
      db.outbox.where('resource').equals(SALES_RESOURCE).toArray(),
    ]);
    return ordersShown(stored, waiting, sales);
  }, []);

const NOTHING_RESERVED: ReservedStock = new Map();

/**
 * Units each product has set aside by orders open or ready, as this device shows the orders
 * (one taken here offline reserves at once); the device keeps the orders from then on.
 */
export function useReservedStock(): ReservedStock {
  useEffect(() => {
    void keepCustomerOrders().catch(() => {});
  }, []);
  const orders = useShownOrders();
  return useMemo(() => (orders ? reservedUnits(orders) : NOTHING_RESERVED), [orders]);
}

/** An order's changes made here and still on their way (or refused). */
export function useWaitingOrderChanges(id: string) {
  return useLiveQuery(
    () =>
      db.outbox
        .where('recordId')
        .equals(id)
        .filter((entry) => entry.resource === CUSTOMER_ORDERS_RESOURCE)
        .toArray(),
    [id],
  );
}
