import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeHub } from '#server/app.ts';
import { listenTo } from './helpers/live-events.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * GET /live: a device hears its business's version when it connects, then each newer one as
 * writes commit; never another business's, never without signing in.
 */
describe('live changes', () => {
  let server: TestServer;
  let harbour: { businessId: string; token: string };
  let hilltop: { businessId: string; token: string };

  beforeAll(async () => {
    server = await createTestServer();
    ({ harbour, hilltop } = await server.twoBusinesses());
  });
  afterAll(() => server.close());

  const open = async (token: string) => {
    const response = await server.app.request('/api/v1/live', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return listenTo(response);
  };
  const addProduct = (token: string, name: string) =>
    server.call('POST', '/api/v1/catalogue/products', {
      token,
      body: { fields: { name, list_price: '20', luc: '10' } },
    });

  it('tells a listening device of each write of its business, and nothing of another’s', async () => {
    const device = await open(harbour.token);
    const other = await open(hilltop.token);
    try {
      const first = await device.next();
      const otherFirst = await other.next();
      expect((await addProduct(harbour.token, 'Heard Riesling')).status).toBe(201);
      const second = await device.next();
      expect(second).toBeGreaterThan(first);
      // A refused write changed nothing: nothing to hear.
      expect((await addProduct(harbour.token, '')).status).toBe(400);
      expect((await addProduct(harbour.token, 'Heard Shiraz')).status).toBe(201);
      expect(await device.next()).toBeGreaterThan(second);
      expect(device.versions).toHaveLength(3);
      // Hilltop heard its own version once, and none of Harbour's writes.
      await expect(other.next(300)).rejects.toThrow('no change heard');
      expect(other.versions).toEqual([otherFirst]);
    } finally {
      await device.close();
      await other.close();
    }
  });

  it('starts a device that connects again at the version the business has reached', async () => {
    const before = await open(harbour.token);
    const version = await before.next();
    await before.close();
    expect((await addProduct(harbour.token, 'Missed Merlot')).status).toBe(201);
    const again = await open(harbour.token);
    try {
      expect(await again.next()).toBeGreaterThan(version);
    } finally {
      await again.close();
    }
  });

  it('lets go of a device that leaves, and refuses one not signed in', async () => {
    const device = await open(harbour.token);
    await device.next();
    const hub = changeHub(server.app);
    expect(hub?.listening()).toBe(1);
    await device.close();
    await expect.poll(() => hub?.listening()).toBe(0);
    expect((await server.app.request('/api/v1/live')).status).toBe(401);
  });
});
