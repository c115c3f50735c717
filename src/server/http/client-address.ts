import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The address a request came from, for limits per client (sign-in). Behind a reverse proxy
 * (TRUST_PROXY=1) every request comes from the proxy: the client is then the last address of
 * X-Forwarded-For, the one the proxy itself added (earlier ones are whatever the client sent).
 * Without a socket (a request made inside the process), 'local'.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket.remoteAddress ?? 'local';
}
