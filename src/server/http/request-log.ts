import { createMiddleware } from 'hono/factory';
import { cutForLog, type Logger } from '../logger.ts';

/**
 * `METHOD /path` as logged, whatever a caller sends: a path is cut at 200 characters and a
 * method at 10. The path goes without its query string: the reset page carries its token there,
 * and tokens never go into logs. Bodies are never logged.
 */
export const requestLine = (method: string, path: string) =>
  `${cutForLog(method, 10)} ${cutForLog(path, 200)}`;

/** One line per request. */
export function requestLog(log: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    // A repeated write answered from the idempotency store took no effect: say so.
    const replayed = c.res.headers.get('Idempotent-Replayed') ? ' (replayed)' : '';
    log.info(`${requestLine(c.req.method, c.req.path)} ${c.res.status} ${ms}ms${replayed}`);
  });
}
