import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '#server/logger.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('HTTP surface', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'vintry-static-'));
    await writeFile(
      path.join(staticDir, 'index.html'),
      '<!doctype html><title>Vintry shell</title>',
    );
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    server = await createTestServer({ staticDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('answers the health check with the database kind, at /api/v1/health and at /health', async () => {
    for (const target of ['/api/v1/health', '/health']) {
      const response = await server.call('GET', target);
      expect(response.status, target).toBe(200);
      expect(response.body, target).toEqual({ status: 'ok', db: server.dbKind });
    }
  });

  it('answers an unknown API path with a JSON 404, never the app shell', async () => {
    for (const target of ['/api/v1/no-such-thing', '/api/v2/health', '/api']) {
      const response = await server.call('GET', target);
      expect(response.status, target).toBe(404);
      expect(response.body, target).toEqual({ message: 'Not found' });
    }
  });

  it('gzips JSON answers of 1 KB or more for clients that accept it, and leaves small ones', async () => {
    await server.createUser({
      email: 'gzip@cellar.test',
      password: 'Cellar2026',
      businessName: 'Gzip Cellar',
    });
    const { accessToken } = await server.login('gzip@cellar.test', 'Cellar2026');
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' };
    const large = await server.app.request('/api/v1/preferences/columns/products', { headers });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toContain('Accept-Encoding');
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString());
    expect(unzipped.defaults.length).toBeGreaterThan(10);

    const small = await server.app.request('/api/v1/health', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok', db: server.dbKind });

    const plain = await server.app.request('/api/v1/preferences/columns/products', {
      headers: { authorization: headers.authorization },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).defaults).toEqual(unzipped.defaults);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await server.call('POST', '/api/v1/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body too large' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await server.call('POST', '/api/v1/auth/login', { body: '{"email": "a@' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('sends security headers on API and page answers', async () => {
    for (const target of ['/api/v1/health', '/dashboard']) {
      const { headers } = await server.call('GET', target);
      const csp = headers.get('content-security-policy') ?? '';
      // Scripts from this origin only; WebAssembly (the barcode decoder) may compile, eval may not.
      expect(csp, target).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(csp, target).not.toMatch(/script-src[^;]*'unsafe-(eval|inline)'/);
      expect(csp, target).toMatch(/connect-src 'self'(;|$)/);
      // Workers from this origin, and those the workbook reader makes from its own code.
      expect(csp, target).toMatch(/worker-src 'self' blob:(;|$)/);
      expect(csp, target).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options'), target).toBe('nosniff');
      expect(headers.get('referrer-policy'), target).toBe('no-referrer');
    }
  });

  it('keeps API answers out of shared caches', async () => {
    const { headers } = await server.call('GET', '/api/v1/health');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('serves the app shell for client routes, deep links included', async () => {
    for (const target of [
      '/',
      '/login',
      '/inventory',
      '/reports/sales',
      '/reset-password?token=abc',
    ]) {
      const response = await server.call('GET', target);
      expect(response.status, target).toBe(200);
      expect(response.body, target).toContain('<title>Vintry shell</title>');
      expect(response.headers.get('cache-control'), target).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await server.call('GET', '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});

describe('what a stranger sends', () => {
  const logged: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      log: {
        info: (line) => logged.push(line),
        error: (line, error) => logged.push(`ERROR ${line} ${describeError(error)}`),
      },
    });
  });
  afterAll(() => server.close());

  it('answers an unmatched write with an Idempotency-Key 404, signed in or not, logging no error', async () => {
    for (const target of ['/api/v1/stock/x', '/api/v1/stocktakes/x/y/z', '/api/v1/catalogue/']) {
      const response = await server.call('POST', target, {
        headers: { 'Idempotency-Key': 'k-1' },
        body: {},
      });
      expect(response.status, target).toBe(404);
      expect(response.body, target).toEqual({ message: 'Not found' });
    }
    expect(logged.filter((line) => line.startsWith('ERROR'))).toEqual([]);
  });

  it('logs a bounded line whatever the path and body', async () => {
    logged.length = 0;
    const huge = 'a'.repeat(1_000_000);
    await server.call('POST', `/api/v1/${'p'.repeat(100_000)}`, { body: {} });
    await server.call('POST', '/api/v1/auth/login', { body: { email: huge, password: huge } });
    expect(logged).toHaveLength(2);
    for (const line of logged) expect(line.length).toBeLessThan(400);
  });
});
