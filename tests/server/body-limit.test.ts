import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Over-limit bodies sent over a real socket by Node's fetch, which writes the whole body before
 * it reads the answer (no Expect: 100-continue). A server that answers early and closes makes
 * it see a reset (UND_ERR_SOCKET) instead of the 413; every route must give the answer.
 */
let server: TestServer;
let http: ServerType;
let base: string;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser({
    email: 'limits@vintry.test',
    password: 'Limits2026',
    businessName: 'Limits Cellar',
    role: 'owner',
  });
  ({ accessToken: token } = await server.login('limits@vintry.test', 'Limits2026'));
  http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => http.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await server.close();
});

const MB = 1024 * 1024;
const jsonOf = (bytes: number) => JSON.stringify({ filler: 'x'.repeat(bytes) });

function multipartOf(bytes: number) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'big.pdf');
  return form;
}

/** A body of unknown length (chunked), in 64 KB pieces. */
function streamOf(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const piece = Math.min(64 * 1024, bytes - sent);
      sent += piece;
      controller.enqueue(new Uint8Array(piece).fill(32));
    },
  });
}

async function send(method: string, path: string, body: BodyInit, json = true) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (json) headers['content-type'] = 'application/json';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const tooLarge = { message: 'Request body too large' };

describe('bodies over the limit, sent with fetch', () => {
  it.each([2, 5, 20])('PUT /preferences/columns/products with %i MB answers 413', async (mb) => {
    for (let round = 0; round < 3; round += 1) {
      expect(await send('PUT', '/api/v1/preferences/columns/products', jsonOf(mb * MB))).toEqual({
        status: 413,
        body: tooLarge,
      });
    }
  });

  it.each([2, 5, 20])('POST /custom-fields/definitions with %i MB answers 413', async (mb) => {
    for (let round = 0; round < 3; round += 1) {
      expect(await send('POST', '/api/v1/custom-fields/definitions', jsonOf(mb * MB))).toEqual({
        status: 413,
        body: tooLarge,
      });
    }
  });

  it.each([12, 30])('POST /upload with a %i MB file answers 413', async (mb) => {
    for (let round = 0; round < 3; round += 1) {
      expect(await send('POST', '/api/v1/upload', multipartOf(mb * MB), false)).toEqual({
        status: 413,
        body: { message: 'File too large: at most 10 MB' },
      });
    }
  });

  it('answers 413 to a chunked body that declares no length', async () => {
    expect(await send('PUT', '/api/v1/preferences/inventory-settings', streamOf(5 * MB))).toEqual({
      status: 413,
      body: tooLarge,
    });
  });

  it('answers 413 outside the API too', async () => {
    expect(await send('POST', '/anything', jsonOf(5 * MB))).toEqual({
      status: 413,
      body: tooLarge,
    });
  });

  it('stays healthy, and bodies within the limit still go through', async () => {
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    const saved = await send(
      'PUT',
      '/api/v1/preferences/columns/products',
      JSON.stringify({
        preferences: [{ column_key: 'product', is_visible: true, display_order: 0 }],
      }),
    );
    expect(saved.status).toBe(200);
    const chunked = await send(
      'PUT',
      '/api/v1/preferences/inventory-settings',
      new Blob([JSON.stringify({ display: { itemsPerPage: 100 } })]).stream(),
    );
    expect(chunked.status).toBe(200);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const form = new FormData();
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'small.pdf');
    expect((await send('POST', '/api/v1/upload', form, false)).status).toBe(201);
  });
});
