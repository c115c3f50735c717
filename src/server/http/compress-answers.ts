import { promisify } from 'node:util';
import { gzip as gzipCallback, gzipSync } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { acceptedCompressions } from './accept-encoding.ts';
import { bufferBody } from './buffer-body.ts';

const gzip = promisify(gzipCallback);

/** Below this, gzip saves too little to be worth it. */
const MIN_BYTES = 1024;
/** Up to this, compressing in place (~70 µs for 3 KB) is cheaper than the hop to a thread. */
const IN_PLACE_BYTES = 64 * 1024;

/**
 * Gzips the API's JSON answers in one go. They are small and already whole in memory: the
 * per-answer set-up of a CompressionStream (hono/compress) cost more than the compressing
 * itself. Large ones go to libuv's thread pool. Answers a route has encoded itself (the
 * catalogue, gzipped once per version) pass untouched.
 */
export function compressAnswers() {
  return createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    if (!acceptedCompressions(c.req.header('accept-encoding')).has('gzip')) return;
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
    if (!/^application\/json\b/.test(res.headers.get('Content-Type') ?? '')) return;
    const body = await res.arrayBuffer();
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    let sent: ArrayBuffer | Uint8Array<ArrayBuffer> = body;
    if (body.byteLength >= MIN_BYTES) {
      const gzipped = body.byteLength <= IN_PLACE_BYTES ? gzipSync(body) : await gzip(body);
      sent = bufferBody(gzipped);
      headers.set('Content-Encoding', 'gzip');
    }
    headers.delete('Content-Length');
    c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
  });
}
