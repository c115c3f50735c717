import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Order } from '#domains/purchasing/purchase-order.ts';
import type { Delivery } from '#domains/purchasing/receiving.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import { postDeliveryWrite } from '#domains/purchasing/writes.ts';
import { db } from '../db.ts';
import { deviceId } from '../repositories/stocktakes.ts';
import { isWriteOf } from '../sync/write-handler.ts';

/** The suppliers this device holds, by name; undefined while reading. */
export function useSuppliers(): Supplier[] | undefined {
  return useLiveQuery(() => db.suppliers.orderBy('name').toArray(), []);
}

/** Purchase orders, newest first. */
export function usePurchaseOrders(): Order[] | undefined {
  return useLiveQuery(() => db.purchaseOrders.orderBy('created_at').reverse().toArray(), []);
}

/** Deliveries, newest first. */
export function useDeliveries(): Delivery[] | undefined {
  return useLiveQuery(() => db.deliveries.orderBy('started_at').reverse().toArray(), []);
}

export interface DeliveryOnDevice {
  /** This device's id, which its counts go under. */
  device: string;
  /** This device's own count of each product counted here, as stored. */
  here: ReadonlyMap<number, { received: number; damaged: number }>;
  /** A post of the delivery is waiting in the outbox (made offline, or on its way). */
  postWaiting: boolean;
}

/**
 * What this device holds of a delivery (its lines: linesCountedHere in
 * #domains/purchasing/receiving.ts); undefined while reading.
 */
export function useDeliveryOnDevice(delivery: Delivery): DeliveryOnDevice | undefined {
  // Read once, outside the live query: a device's first reading stores its id, and a live
  // query may only read.
  const [device, setDevice] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void deviceId().then((id) => {
      if (current) setDevice(id);
    });
    return () => {
      current = false;
    };
  }, []);
  return useLiveQuery(async () => {
    if (device === null) return undefined;
    const counted = await db.receivedCounts.where('deliveryId').equals(delivery.id).toArray();
    const waiting = await db.outbox
      .filter((entry) => entry.recordId === delivery.id && isWriteOf(entry, postDeliveryWrite))
      .count();
    return {
      device,
      here: new Map(
        counted.map((count) => [
          count.productId,
          { received: count.received, damaged: count.damaged },
        ]),
      ),
      postWaiting: waiting > 0,
    };
  }, [delivery.id, device]);
}

/** The purchase orders with a line of a product, newest first. */
export function useProductOrders(productId: number): Order[] | undefined {
  return useLiveQuery(
    async () =>
      (await db.purchaseOrders.orderBy('created_at').reverse().toArray()).filter((order) =>
        order.lines.some((line) => line.product_id === productId),
      ),
    [productId],
  );
}
