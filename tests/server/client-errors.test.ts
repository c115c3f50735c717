import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#server/http/errors.ts';
import { listen } from '#server/http/listen.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Requests Node refuses before any route runs, over a real socket: they answer JSON `{message}`
 * as every other refusal does, not a bare status line.
 */
let server: TestServer;
let http: ServerType;
let port: number;

beforeAll(async () => {
  server = await createTestServer();
  http = listen(server.app.fetch, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  port = (http.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await server.close();
});

/** What the server writes back to raw bytes, until it closes. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('refusals before the routes', () => {
  it('answers a 100 KB address 431 with JSON', async () => {
    const response = await fetch(
      `http://127.0.0.1:${port}/api/v1/sales?date=${'9'.repeat(100_000)}`,
    );
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: MESSAGES.headersTooLarge });
  });

  it('answers a request it cannot read 400 with JSON', async () => {
    const answer = await raw(
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n',
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body)).toEqual({ message: MESSAGES.badRequest });
  });

  it('still answers an ordinary request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
