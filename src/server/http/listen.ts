import http from 'node:http';
import type { Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { MESSAGES } from './errors.ts';

/**
 * The app on a port. Node refuses some requests before any route sees them — a request line or
 * headers over its 16 KB limit (431), a request it cannot parse (400), one that took too long to
 * arrive (408) — and answers them with a bare status line. Every refusal of the API is JSON
 * `{message}`, so those are written here the same way.
 */
const REFUSALS: Record<string, { status: number; text: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    message: MESSAGES.headersTooLarge,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    text: 'Payload Too Large',
    message: MESSAGES.bodyTooLarge,
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    text: 'Request Timeout',
    message: MESSAGES.requestTimeout,
  },
};
const BAD_REQUEST = { status: 400, text: 'Bad Request', message: MESSAGES.badRequest };

/** The raw answer to a request Node refused while reading it. */
export function clientErrorAnswer(code: string | undefined): string {
  const refusal = (code && REFUSALS[code]) || BAD_REQUEST;
  const body = JSON.stringify({ message: refusal.message });
  return [
    `HTTP/1.1 ${refusal.status} ${refusal.text}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function answerClientErrors(server: ServerType) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Nothing can be answered on a socket already gone, or one that has begun an answer.
    if (socket.writable && socket.bytesWritten === 0) socket.end(clientErrorAnswer(error.code));
    else socket.destroy();
  });
}

export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string },
  onListening?: (port: number) => void,
): ServerType {
  const server = serve({ fetch, ...options }, (info) => onListening?.(info.port));
  answerClientErrors(server);
  // A connection left idle is kept longer than browsers and proxies keep theirs (Node's 5 s
  // closes sockets a client is just reusing: the client sees ECONNRESET). The wait for a
  // request's headers stays longer still, as Node asks.
  if (server instanceof http.Server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  return server;
}

/** How long an idle connection is kept: beyond a load balancer's usual 60 s. */
export const KEEP_ALIVE_MS = 65_000;
