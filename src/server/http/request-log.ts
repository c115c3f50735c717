import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger.ts';

/**
 * One line per request. The path is logged without its query string: the reset page carries its
 * token there, and tokens never go into logs.
 */
export function requestLog(log: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    // A repeated write answered from the idempotency store took no effect: say so.
    const replayed = c.res.headers.get('Idempotent-Replayed') ? ' (replayed)' : '';
    log.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms${replayed}`);
  });
}
