import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { requestLog } from '#server/http/request-log.ts';
import { consoleLogger } from '#server/logger.ts';

function loggedApp() {
  const lines: string[] = [];
  const app = new Hono();
  app.use(requestLog({ info: (line) => lines.push(line), error: () => {} }));
  app.get('/reset-password', (c) => c.text('page'));
  app.post('/api/v1/things', (c) => {
    if (c.req.header('x-again')) c.header('Idempotent-Replayed', 'true');
    return c.json({ ok: true }, 201);
  });
  return { app, lines };
}

describe('request log', () => {
  it('logs method, path and status, never the query string that may carry a token', async () => {
    const { app, lines } = loggedApp();
    await app.request('/reset-password?token=secret-token-value');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/reset-password 200 \d+\.\dms$/);
    expect(lines[0]).not.toContain('secret-token-value');
  });

  it('marks a write answered from the idempotency store, which took no effect', async () => {
    const { app, lines } = loggedApp();
    await app.request('/api/v1/things', { method: 'POST' });
    await app.request('/api/v1/things', { method: 'POST', headers: { 'x-again': '1' } });
    expect(lines[0]).toMatch(/^POST \/api\/v1\/things 201 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^POST \/api\/v1\/things 201 \d+\.\dms \(replayed\)$/);
  });
});

describe('console logger', () => {
  it('writes the lines of one turn in one write, in order, and flushes them before an error', async () => {
    const writes: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      consoleLogger.info('GET /a 200 1.0ms');
      consoleLogger.info('GET /b 200 1.0ms');
      expect(writes).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(writes).toEqual(['GET /a 200 1.0ms\nGET /b 200 1.0ms\n']);

      consoleLogger.info('GET /c 500 1.0ms');
      consoleLogger.error('boom');
      expect(writes).toEqual(['GET /a 200 1.0ms\nGET /b 200 1.0ms\n', 'GET /c 500 1.0ms\n']);
      expect(errors).toHaveBeenCalledWith('boom', '');
    } finally {
      write.mockRestore();
      errors.mockRestore();
    }
  });
});
