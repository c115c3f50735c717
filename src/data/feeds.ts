import { catalogueDeviceFeed } from './repositories/catalogue.ts';
import { stocktakesDeviceFeed } from './repositories/stocktakes.ts';
import { type DeviceFeed, registerFeeds } from './sync/feeds.ts';

/**
 * Every domain's feed on this device, each defined beside its repository: a new domain whose
 * records several devices change is its feed plus one line here.
 */
export const FEEDS: readonly DeviceFeed[] = [catalogueDeviceFeed, stocktakesDeviceFeed];

export function installFeeds() {
  registerFeeds(FEEDS);
}
