import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureWording } from '#app/layout/failure-wording.ts';
import { db } from '#data/db.ts';
import { closeCount, countProduct, startCount } from '#data/repositories/stocktakes.ts';
import { saveSession } from '#data/session.ts';
import type { OutboxEntry } from '#data/sync/outbox-entry.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => mockServer.close());

let online = true;
const sent: { method: string; path: string; body: unknown }[] = [];

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  sent.length = 0;
  online = true;
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  const summary = (id: string, status: string) => ({
    id,
    name: 'Shelf count',
    scope: 'partial',
    category: null,
    search: null,
    scan_mode: 'scan',
    status,
    started_at: '2026-11-23T10:00:00.000Z',
    started_by: 'Demo Owner',
    closed_at: null,
    products: 2,
    counted: 2,
  });
  mockServer.use(
    http.all('*/api/v1/stocktakes*', async ({ request }) => {
      if (!online) return HttpResponse.error();
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const body = await request.json();
      sent.push({ method: request.method, path, body });
      const id = path.split('/')[2] ?? (body as { id: string }).id;
      if (path.endsWith('/lines')) return HttpResponse.json({ saved: 2, gone: [] });
      if (path.endsWith('/close'))
        return HttpResponse.json({ stocktake: summary(id, 'closed'), movements: 1 });
      return HttpResponse.json({ stocktake: summary(id, 'open') }, { status: 201 });
    }),
  );
});

describe('counting on a tablet', () => {
  it('keeps every count here at once and sends the start, then the lines merged into one request, then the close', async () => {
    online = false;
    const count = await startCount({ name: 'Shelf count', scope: 'partial', scan_mode: 'scan' });
    await countProduct(count, 7, 1);
    await countProduct(count, 7, 2);
    await countProduct(count, 9, 5);
    expect(await db.countLines.where('stocktakeId').equals(count.id).toArray()).toMatchObject([
      { productId: 7, quantity: 2 },
      { productId: 9, quantity: 5 },
    ]);
    expect(await db.outbox.count()).toBe(2);

    online = true;
    requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await closeCount(count, 'leave');
    await waitFor(async () => expect((await db.stocktakes.get(count.id))?.status).toBe('closed'));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /stocktakes',
      `PUT /stocktakes/${count.id}/lines`,
      `POST /stocktakes/${count.id}/close`,
    ]);
    const { lines, device_id } = (sent[1] as { body: unknown }).body as {
      device_id: string;
      lines: { product_id: number; quantity: number }[];
    };
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([
      [7, 2],
      [9, 5],
    ]);
    expect(device_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps lines the server refused because the count was closed in Pending changes, with its words', async () => {
    const count = await startCount({ name: 'Shelf count', scope: 'partial', scan_mode: 'scan' });
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    mockServer.use(
      http.put('*/api/v1/stocktakes/:id/lines', () =>
        HttpResponse.json({ message: 'This count is closed' }, { status: 409 }),
      ),
    );
    await countProduct(count, 7, 3);
    await waitFor(async () =>
      expect((await db.outbox.toArray())[0]?.state).toBe('needs-attention'),
    );
    const [entry] = await db.outbox.toArray();
    expect(entry?.failure).toMatchObject({ reason: 'conflict', message: 'This count is closed' });
    expect(failureWording(entry as OutboxEntry)).toBe('This count is closed');
    // What was counted stays on this tablet while the user decides.
    expect(await db.countLines.where('stocktakeId').equals(count.id).count()).toBe(1);
  });
});
