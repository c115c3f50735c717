import type { Context, MiddlewareHandler } from 'hono';

/**
 * Request bodies over a limit are answered 413 JSON `{message}`, in a way every HTTP client can
 * read. A server that answers while the client is still sending, and then closes, makes the
 * kernel reset the connection over the unread bytes: clients that send the whole body before
 * reading (Node's fetch, without Expect: 100-continue) see that reset instead of the answer.
 * So the rest of the body is read and thrown away first, up to a bound, and only then is the
 * answer sent, with `Connection: close`. A body within the limit is read here too (counting
 * what arrives, since a chunked body declares no length) and handed on as it came.
 */
export interface BodyLimit {
  maxBytes: number;
  message: string;
}

/** What is read and thrown away of an over-limit body before answering anyway. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let read = alreadyRead;
  const deadline = Date.now() + DISCARD_MAX_MS;
  try {
    while (read <= DISCARD_MAX_BYTES && Date.now() < deadline) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // The client went away: nothing left to read.
  }
  await reader.cancel().catch(() => {});
}

function tooLarge(c: Context, message: string) {
  c.header('Connection', 'close');
  return c.json({ message }, 413);
}

/** `limitOf` picks the limit of each request (uploads have their own). */
export function limitBodies(limitOf: (c: Context) => BodyLimit): MiddlewareHandler {
  return async (c, next) => {
    // A GET has no body; asking the raw request for one would make Node's adapter build it.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const { maxBytes, message } = limitOf(c);
    const declared = Number.parseInt(c.req.header('content-length') ?? '', 10);
    if (Number.isFinite(declared) && declared <= maxBytes) return next();
    const reader = body.getReader();
    if (Number.isFinite(declared)) {
      await discard(reader, 0);
      return tooLarge(c, message);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await discard(reader, total);
        return tooLarge(c, message);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
