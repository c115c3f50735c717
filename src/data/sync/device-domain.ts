import type { DeviceFeed } from './feeds.ts';
import type { WriteHandler } from './write-handler.ts';

/**
 * A domain on the device (src/data/domains/<name>.ts), composed in one line in src/data/modules.ts:
 * the handlers of its writes (with their `apply`, for the outbox) and its feeds (the one pull).
 */
export interface DeviceDomain {
  readonly name: string;
  readonly writeHandlers?: readonly WriteHandler[];
  readonly feeds?: readonly DeviceFeed[];
}

export function defineDeviceDomain<const T extends DeviceDomain>(domain: T): T {
  return domain;
}
