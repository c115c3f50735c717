import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { LIVE_EVENT } from '#shared/live.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { ChangeHub } from './change-hub.ts';

/** A comment this often keeps proxies and the browser from taking a quiet stream for a dead one. */
export const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the device opens another with its current token: someone
 * signed out or disabled stops hearing within it, without the stream checking the session.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;

/**
 * GET /live: Server-Sent Events for the caller's business. First its version now, then each newer
 * one as writes commit (`event: changed`, `data: {"version": N}`); the device pulls what changed.
 */
export function liveRoutes(hub: ChangeHub) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    const { businessId } = c.get('caller');
    // Proxies such as nginx would otherwise hold the events back in their buffers.
    c.header('X-Accel-Buffering', 'no');
    c.header('Cache-Control', 'no-store');
    return streamSSE(c, async (stream) => {
      const send = (version: number) =>
        stream.writeSSE({ event: LIVE_EVENT, data: JSON.stringify({ version }) });
      const stop = hub.listen(businessId, (version) => void send(version).catch(() => {}));
      stream.onAbort(stop);
      try {
        await send(await hub.versionOf(businessId));
        const ends = Date.now() + STREAM_LIFETIME_MS;
        while (!stream.aborted && !stream.closed && Date.now() < ends) {
          await stream.sleep(Math.min(HEARTBEAT_MS, ends - Date.now()));
          if (stream.aborted || stream.closed) break;
          await stream.write(': still here\n\n');
        }
      } finally {
        stop();
      }
    });
  });
  return app;
}
