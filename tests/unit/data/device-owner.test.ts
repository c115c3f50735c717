import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE_NAME } from '#data/api-cache.ts';
import { readCatalogue } from '#data/catalogue-store.ts';
import { db, readOwner } from '#data/db.ts';
import { handOverDevice } from '#data/device-owner.ts';
import { QUERY_CACHE_KEY } from '#data/query-persistence.ts';
import { refreshCatalogue, resetCatalogueState } from '#data/repositories/catalogue.ts';
import { saveColumnLayout } from '#data/repositories/column-preferences.ts';
import { createCustomField, localDefinitions } from '#data/repositories/custom-fields.ts';
import { keepBasket, openBasket } from '#data/repositories/open-basket.ts';
import { parkedSales, parkSale, unparkSale } from '#data/repositories/parked-sales.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { onForgetUser } from '#data/user-memory.ts';
import type { CustomFieldDefinitionBody } from '#domains/custom-fields/definition.ts';
import {
  type ColumnPreference,
  columnPreferencesAnswer,
  defaultLayout,
} from '#domains/preferences/column-preferences.ts';
import { defaultInventorySettings } from '#domains/preferences/inventory-settings.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

/**
 * A shared tablet changing hands (device-owner.ts): nothing of the previous user stays, except
 * their unsent changes, which are never sent under someone else's session and come back when
 * they sign in here again.
 */
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetCatalogueState();
  await clearLocalData();
});
afterEach(async () => {
  await clearLocalData();
});

const field = (name: string): CustomFieldDefinitionBody => ({
  entity_type: 'product',
  field_key: name.toLowerCase(),
  field_name: name,
  field_type: 'text',
  is_required: false,
  validation: { required: false },
});

/** Who sent which write, by the Bearer token it carried. */
function recordingServer() {
  const writes: string[] = [];
  mockServer.use(
    http.post('*/api/v1/custom-fields/definitions', async ({ request }) => {
      const body = (await request.json()) as CustomFieldDefinitionBody;
      writes.push(`${request.headers.get('authorization')} POST ${body.field_name}`);
      return HttpResponse.json(
        {
          ...body,
          id: writes.length,
          created_at: '2026-11-23T10:00:00.000Z',
          updated_at: '2026-11-23T10:00:00.000Z',
        },
        { status: 201 },
      );
    }),
    http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
      const body = (await request.json()) as { preferences: ColumnPreference[] };
      writes.push(`${request.headers.get('authorization')} PUT columns`);
      return HttpResponse.json(columnPreferencesAnswer(body.preferences, []));
    }),
  );
  return writes;
}

async function signInAs(userId: string, token: string) {
  const handover = await handOverDevice(userId);
  await saveSession({
    accessToken: token,
    refreshToken: `refresh-${token}`,
    user: { id: userId, email: `${userId}@vintry.test` },
  });
  resumeReplay();
  return handover;
}

describe('handing the device over', () => {
  it('keeps everything when the same user signs in again', async () => {
    await signInAs('ana', 'ana-1');
    await db.customFields.put({ ...field('Bin'), id: 7, created_at: '', updated_at: '' });
    expect(await handOverDevice('ana')).toEqual({ restored: 0 });
    expect(await db.customFields.count()).toBe(1);
    expect(await readOwner()).toBe('ana');
  });

  it("removes every store of the previous user, the worker's API cache and the persisted queries", async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(
          { products: [{ id: 1, columns: [{ key: 'name', value: 'Grange' }] }] },
          { headers: { ETag: '"v1"' } },
        ),
      ),
    );
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    const forgotten = vi.fn();
    const stopForgetting = onForgetUser(forgotten);
    try {
      await signInAs('ana', 'ana-1');
      await refreshCatalogue({ force: true });
      await db.customFields.put({ ...field('Bin'), id: 7, created_at: '', updated_at: '' });
      await db.inventorySettings.put({
        key: 'inventory',
        settings: defaultInventorySettings(),
        savedAt: null,
        fetchedAt: 1,
      });
      localStorage.setItem(QUERY_CACHE_KEY, '{"clientState":"ana\'s dashboard"}');

      deleted.length = 0;
      forgotten.mockClear();
      await signInAs('ben', 'ben-1');
      expect((await readCatalogue()).items).toEqual([]);
      expect(await db.customFields.count()).toBe(0);
      expect(await db.inventorySettings.count()).toBe(0);
      expect((await db.session.get('current'))?.user?.id).toBe('ben');
      expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
      expect(deleted).toEqual([API_CACHE_NAME]);
      expect(forgotten).toHaveBeenCalled();
      expect(await readOwner()).toBe('ben');
    } finally {
      stopForgetting();
      vi.unstubAllGlobals();
    }
  });

  it("sets the previous user's unsent changes aside, never sends them for the next, and sends them when they are back", async () => {
    const writes = recordingServer();
    await signInAs('ana', 'ana-1');
    online = false;
    await createCustomField(field('Ana Notes'));
    await saveColumnLayout('products', defaultLayout([]), 'columns.visibility');
    expect(await db.outbox.count()).toBe(2);

    // Ana's session ends while offline; Ben signs in on the tablet and works online.
    online = true;
    expect(await signInAs('ben', 'ben-1')).toEqual({ restored: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(await localDefinitions('product')).toEqual([]);
    await createCustomField(field('Ben Notes'));
    await requestReplay();
    expect(writes).toEqual(['Bearer ben-1 POST Ben Notes']);

    // Ana is back: her two changes are queued again, in order, and go with her session.
    expect(await signInAs('ana', 'ana-2')).toEqual({ restored: 2 });
    await requestReplay();
    expect(writes.slice(1)).toEqual(['Bearer ana-2 POST Ana Notes', 'Bearer ana-2 PUT columns']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.parkedChanges.count()).toBe(0);
    expect((await localDefinitions('product')).map((stored) => stored.field_name)).toEqual([
      'Ana Notes',
    ]);
  });

  it('sets changes aside on sign-out too, and keeps each user apart', async () => {
    await signInAs('ana', 'ana-1');
    online = false;
    await createCustomField(field('Ana Notes'));
    await handOverDevice(null);
    expect(await readOwner()).toBeUndefined();
    await signInAs('ben', 'ben-1');
    await createCustomField(field('Ben Notes'));
    await handOverDevice(null);

    const parked = await db.parkedChanges.toArray();
    expect(
      parked.map((entry) => [entry.userId, entry.entries.map((change) => change.body)]),
    ).toEqual([
      ['ana', [field('Ana Notes')]],
      ['ben', [field('Ben Notes')]],
    ]);
    expect(await signInAs('ben', 'ben-2')).toEqual({ restored: 1 });
    expect(await db.parkedChanges.get('ana')).toBeDefined();
  });

  it('keeps the basket being rung up and the parked sales for their person, and shows them to no one else', async () => {
    await signInAs('ana', 'ana-1');
    const basket = { lines: [{ productId: 4, quantity: 2 }], payments: [] };
    // A sale parked is no longer the open basket (in the same transaction: a reload right after
    // parking cannot bring it back twice); the next one rung up is.
    await keepBasket('shop', { lines: [{ productId: 5, quantity: 1 }], payments: [] });
    await parkSale('shop', { label: 'Shiraz', lines: [{ productId: 5, quantity: 1 }] });
    expect(await openBasket('shop')).toBeNull();
    // Resumed, it is the open basket's at once (after what the basket held), for the same reason.
    await keepBasket('shop', { lines: [{ productId: 6, quantity: 3 }], payments: [] });
    const [shiraz] = await parkedSales('shop');
    expect(await unparkSale('shop', shiraz?.id ?? '')).toMatchObject({ label: 'Shiraz' });
    expect(await openBasket('shop')).toEqual({
      lines: [
        { productId: 6, quantity: 3 },
        { productId: 5, quantity: 1 },
      ],
      payments: [],
    });
    expect(await parkedSales('shop')).toEqual([]);
    await parkSale('shop', { label: 'Shiraz', lines: [{ productId: 5, quantity: 1 }] });
    await keepBasket('shop', basket);
    await handOverDevice(null);
    await signInAs('ben', 'ben-1');
    expect(await openBasket('shop')).toBeNull();
    expect(await parkedSales('shop')).toEqual([]);
    await handOverDevice(null);
    await signInAs('ana', 'ana-2');
    expect(await openBasket('shop')).toEqual(basket);
    expect((await parkedSales('shop')).map((sale) => sale.label)).toEqual(['Shiraz']);
  });

  it("does not store an answer for the previous user in the next user's stores", async () => {
    let answer: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      mockServer.use(
        http.post('*/api/v1/custom-fields/definitions', async ({ request }) => {
          resolve();
          const body = (await request.json()) as CustomFieldDefinitionBody;
          await new Promise<void>((release) => {
            answer = release;
          });
          return HttpResponse.json(
            {
              ...body,
              id: 41,
              created_at: '2026-11-23T10:00:00.000Z',
              updated_at: '2026-11-23T10:00:00.000Z',
            },
            { status: 201 },
          );
        }),
      );
    });
    await signInAs('ana', 'ana-1');
    await createCustomField(field('Ana Notes'));
    const replay = requestReplay();
    await asked;
    // The handover waits for the replay in progress only so long, then goes ahead.
    const handover = signInAs('ben', 'ben-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    await Promise.all([replay, handover]);
    expect(await localDefinitions('product')).toEqual([]);
    expect((await db.parkedChanges.get('ana'))?.entries).toHaveLength(1);
  });
});
