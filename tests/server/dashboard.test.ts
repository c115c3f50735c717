import { parse } from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_SALES, SAMPLE_TODAY } from '#domains/dashboard/sample-data.ts';
import { type DashboardSnapshot, DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import { insertProducts } from '#server/products/catalogue-repository.ts';
import { generateProducts, type SeedProduct } from '#server/seed/catalogue.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

const product = (name: string, stockQuantity: number): SeedProduct => ({
  ...(generateProducts(1)[0] as SeedProduct),
  name,
  stockQuantity,
});

describe('GET /api/v1/dashboard', () => {
  let server: TestServer;
  let harbourToken: string;
  let hilltopToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    await insertProducts(server.db, harbour.businessId, [
      product('Well Stocked Shiraz', 120),
      product('Just Above', 26),
      product('Medium Merlot', 25),
      product('Low Riesling', 15),
      product('Critical Chablis', 5),
      product('Sold Out Sauternes', 0),
      product('Another Low', 12),
      product('Alpha Low', 12),
    ]);
    await insertProducts(server.db, hilltop.businessId, [product('Hilltop Only Gin', 1)]);
    harbourToken = harbour.token;
    hilltopToken = hilltop.token;
  });
  afterAll(() => server.close());

  it('answers the whole snapshot: sample cards, and low stock from the caller’s catalogue', async () => {
    const response = await server.call('GET', '/api/v1/dashboard', { token: harbourToken });
    expect(response.status).toBe(200);
    const snapshot: DashboardSnapshot = parse(DashboardSnapshotSchema, response.body);
    expect(snapshot.today).toEqual(SAMPLE_TODAY);
    expect(snapshot.sales).toEqual(SAMPLE_SALES);
    expect(snapshot.tomorrowOrders.length).toBeGreaterThan(0);
    expect(snapshot.topItems.length).toBeGreaterThan(0);
    expect(Date.parse(snapshot.asOf)).toBeLessThanOrEqual(server.now().getTime());
    // At or below 25, lowest first, ties by name; the count covers all of them, the list 5.
    expect(snapshot.lowStock.count).toBe(6);
    expect(snapshot.lowStock.items.map((item) => [item.name, item.stock])).toEqual([
      ['Sold Out Sauternes', 0],
      ['Critical Chablis', 5],
      ['Alpha Low', 12],
      ['Another Low', 12],
      ['Low Riesling', 15],
    ]);
  });

  it('is scoped to the business and needs a session', async () => {
    const hilltop = await server.call('GET', '/api/v1/dashboard', { token: hilltopToken });
    expect((hilltop.body as DashboardSnapshot).lowStock).toEqual({
      count: 1,
      items: [expect.objectContaining({ name: 'Hilltop Only Gin', stock: 1 })],
    });
    const anonymous = await server.call('GET', '/api/v1/dashboard');
    expect(anonymous.status).toBe(401);
  });
});
