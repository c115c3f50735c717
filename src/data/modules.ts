import { alertsOnDevice } from './domains/alerts.ts';
import { customFieldsOnDevice } from './domains/custom-fields.ts';
import { customerOrdersOnDevice } from './domains/customer-orders.ts';
import { customersOnDevice } from './domains/customers.ts';
import { eventsOnDevice } from './domains/events.ts';
import { preferencesOnDevice } from './domains/preferences.ts';
import { productsOnDevice } from './domains/products.ts';
import { purchasingOnDevice } from './domains/purchasing.ts';
import { salesOnDevice } from './domains/sales.ts';
import { stockOnDevice } from './domains/stock.ts';
import { stocktakesOnDevice } from './domains/stocktakes.ts';
import { teamOnDevice } from './domains/team.ts';
import type { DeviceDomain } from './sync/device-domain.ts';
import { registerFeeds } from './sync/feeds.ts';
import { registerWriteHandlers } from './sync/write-handler.ts';

/** Every domain on this device, one line each: a new domain is its module plus one line here. */
export const DEVICE_DOMAINS: readonly DeviceDomain[] = [
  alertsOnDevice,
  customerOrdersOnDevice,
  customersOnDevice,
  customFieldsOnDevice,
  eventsOnDevice,
  preferencesOnDevice,
  productsOnDevice,
  purchasingOnDevice,
  salesOnDevice,
  stockOnDevice,
  stocktakesOnDevice,
  teamOnDevice,
];

/** Every kind of write the outbox carries. */
export const WRITE_HANDLERS = DEVICE_DOMAINS.flatMap((domain) => domain.writeHandlers ?? []);

/**
 * Installed in each context that sends the outbox: the signed-in page and the service worker.
 */
export function installWriteHandlers() {
  registerWriteHandlers(WRITE_HANDLERS);
}

/** Installed in the signed-in page, which pulls (app/live-updates.tsx). */
export function installFeeds() {
  registerFeeds(DEVICE_DOMAINS.flatMap((domain) => domain.feeds ?? []));
}
