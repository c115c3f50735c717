import * as v from 'valibot';

/**
 * Live updates (ARCHITECTURE.md section 4): the server streams, as Server-Sent Events, the
 * version a business has reached each time a write of it commits; a device that hears a newer
 * one than it last pulled at pulls what changed.
 */
export const LIVE_PATH = '/live';
export const LIVE_EVENT = 'changed';

export const LiveChangeSchema = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
});
