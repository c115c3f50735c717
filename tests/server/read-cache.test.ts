import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createReadCache } from '#server/http/read-cache.ts';

/** A value in "the database", read through the cache by GET and changed by PUT. */
function appWith(enabled: boolean) {
  const cache = createReadCache({ enabled });
  let stored = 1;
  let loads = 0;
  let holdWrite: Promise<void> = Promise.resolve();
  const app = new Hono();
  app.use('*', cache.invalidateAfterWrites);
  app.get('/value', async (c) =>
    c.json(
      await cache.read('value', async () => {
        loads += 1;
        return stored;
      }),
    ),
  );
  app.put('/value', async (c) => {
    await holdWrite;
    stored = Number(await c.req.text());
    return c.json(await cache.read('value', async () => stored));
  });
  return {
    get: async () => (await app.request('/value')).json(),
    put: async (value: number) =>
      (await app.request('/value', { method: 'PUT', body: String(value) })).json(),
    loads: () => loads,
    holdWritesUntil: (gate: Promise<void>) => {
      holdWrite = gate;
    },
    setStored: (value: number) => {
      stored = value;
    },
  };
}

describe('the read cache', () => {
  it('answers repeated reads from memory and reads again after a write', async () => {
    const app = appWith(true);
    expect(await app.get()).toBe(1);
    expect(await app.get()).toBe(1);
    expect(app.loads()).toBe(1);
    // The write's own answer reads what it wrote, not the value kept before it.
    expect(await app.put(2)).toBe(2);
    expect(await app.get()).toBe(2);
    expect(app.loads()).toBe(2);
  });

  it('does not keep a value read while a write was running', async () => {
    const app = appWith(true);
    let release: () => void = () => {};
    app.holdWritesUntil(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const writing = app.put(3);
    // Read while the write runs: the old value, which must not outlive the write.
    expect(await app.get()).toBe(1);
    release();
    await writing;
    expect(await app.get()).toBe(3);
  });

  it('reads the database every time when disabled (PostgreSQL, where others may write)', async () => {
    const app = appWith(false);
    expect(await app.get()).toBe(1);
    app.setStored(5);
    expect(await app.get()).toBe(5);
    expect(app.loads()).toBe(2);
  });
});
