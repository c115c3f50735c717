import { columnPreferenceHandlers } from './repositories/column-preferences.ts';
import { customFieldHandlers } from './repositories/custom-fields.ts';
import { inventorySettingsHandler } from './repositories/inventory-settings.ts';
import { paymentSettingsHandler } from './repositories/payment-settings.ts';
import { productHandlers } from './repositories/products.ts';
import { returnHandlers } from './repositories/returns.ts';
import { saleHandlers } from './repositories/sales.ts';
import { shiftHandlers } from './repositories/shifts.ts';
import { stockHandlers } from './repositories/stock.ts';
import { stocktakeHandlers } from './repositories/stocktakes.ts';
import { teamHandlers } from './repositories/team.ts';
import { registerWriteHandlers, type WriteHandler } from './sync/write-handler.ts';

/**
 * Every kind of write the outbox carries, each defined beside its repository. Installed in each
 * context that sends the outbox: the signed-in page and the service worker. A new kind of write
 * is its handler plus one line here.
 */
export const WRITE_HANDLERS: readonly WriteHandler[] = [
  ...columnPreferenceHandlers,
  inventorySettingsHandler,
  ...customFieldHandlers,
  paymentSettingsHandler,
  ...productHandlers,
  ...saleHandlers,
  ...returnHandlers,
  ...shiftHandlers,
  ...stockHandlers,
  ...stocktakeHandlers,
  ...teamHandlers,
];

export function installWriteHandlers() {
  registerWriteHandlers(WRITE_HANDLERS);
}
