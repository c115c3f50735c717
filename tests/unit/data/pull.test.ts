import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCatalogue, writeCatalogue } from '#data/catalogue-store.ts';
import { db } from '#data/db.ts';
import { refreshCatalogue, resetCatalogueState } from '#data/repositories/catalogue.ts';
import { saveSession } from '#data/session.ts';
import { pullFeeds } from '#data/sync/feeds.ts';
import { forgetUserInMemory } from '#data/user-memory.ts';
import type { StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

beforeEach(async () => {
  resetCatalogueState();
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

const count = (id: string, counted: number): StocktakeSummary => ({
  id,
  name: `Count ${id}`,
  scope: 'full',
  category: null,
  search: null,
  scan_mode: 'scan',
  status: 'open',
  started_at: '2026-11-28T09:00:00.000Z',
  started_by: 'Ana',
  closed_at: null,
  products: 10,
  counted,
});

/** Answers the pull with `answer(query)`, recording each query asked. */
function servePull(answer: (asked: URLSearchParams) => Record<string, unknown>) {
  const asked: string[] = [];
  mockServer.use(
    http.get('*/api/v1/changes', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      return HttpResponse.json(answer(query));
    }),
  );
  return asked;
}

describe('the one pull', () => {
  it('asks nothing of a device that keeps nothing', async () => {
    const asked = servePull(() => ({}));
    await pullFeeds();
    expect(asked).toEqual([]);
  });

  it('asks every feed the device keeps in one request, each since its own cursor', async () => {
    await writeCatalogue([], {
      key: 'catalogue',
      etag: null,
      fetchedAt: 0,
      count: 0,
      version: 41,
    });
    await db.stocktakes.put(count('a', 0));
    const asked = servePull((query) => ({
      catalogue: {
        version: 42,
        full: false,
        products: [{ id: 7, version: 1, columns: [{ key: 'name', value: 'Pulled Gin' }] }],
        deleted: [],
      },
      stocktakes: { cursor: Number(query.get('stocktakes')) + 5, stocktakes: [count('a', 3)] },
    }));
    await pullFeeds();
    expect(asked).toEqual(['catalogue=41&stocktakes=0']);
    expect((await readCatalogue()).items.map((item) => item.product)).toEqual(['Pulled Gin']);
    expect((await db.stocktakes.get('a'))?.counted).toBe(3);
    // The next pull asks from where each feed left off.
    await pullFeeds();
    expect(asked[1]).toBe('catalogue=42&stocktakes=5');
  });

  it('a call while a pull runs makes one more after it, shared by every call meanwhile', async () => {
    await db.stocktakes.put(count('a', 0));
    let release = () => {};
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered = 0;
    const asked: string[] = [];
    mockServer.use(
      http.get('*/api/v1/changes', async ({ request }) => {
        asked.push(new URL(request.url).searchParams.toString());
        if (asked.length === 1) await first;
        answered += 1;
        return HttpResponse.json({ stocktakes: { cursor: answered, stocktakes: [] } });
      }),
    );
    const running = pullFeeds();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = [pullFeeds(), pullFeeds(), pullFeeds()];
    release();
    await Promise.all([running, ...again]);
    expect(asked).toEqual(['stocktakes=0', 'stocktakes=1']);
  });

  it('drops an answer asked for before the device changed hands: the next person never gets it', async () => {
    await db.stocktakes.put(count('a', 0));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockServer.use(
      http.get('*/api/v1/changes', async () => {
        await held;
        return HttpResponse.json({ stocktakes: { cursor: 9, stocktakes: [count('b', 2)] } });
      }),
    );
    const running = pullFeeds();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The next person signs in here: the stores are emptied and what was in memory forgotten.
    await clearLocalData();
    forgetUserInMemory();
    release();
    await running;
    expect(await db.stocktakes.toArray()).toEqual([]);
    expect(await db.meta.get('feed:stocktakes')).toBeUndefined();
  });

  it('a domain that cannot take its part leaves the others theirs, and the pull says it failed', async () => {
    await writeCatalogue([], { key: 'catalogue', etag: null, fetchedAt: 0, count: 0, version: 3 });
    await db.stocktakes.put(count('a', 0));
    servePull(() => ({
      catalogue: { version: 900, full: true },
      stocktakes: { cursor: 2, stocktakes: [count('a', 4)] },
    }));
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
    );
    await expect(pullFeeds()).rejects.toThrow();
    expect((await db.stocktakes.get('a'))?.counted).toBe(4);
    expect((await readCatalogue()).meta?.version).toBe(3);
  });

  it('a screen showing the catalogue makes the device keep it: the first pull downloads it whole', async () => {
    const asked = servePull(() => ({ catalogue: { version: 5, full: true } }));
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(
          { products: [{ id: 1, columns: [{ key: 'name', value: 'Grange' }] }] },
          { headers: { 'X-Catalogue-Version': '5' } },
        ),
      ),
    );
    expect(await refreshCatalogue()).toBe('updated');
    expect(asked).toEqual(['catalogue=0']);
    expect((await readCatalogue()).meta?.version).toBe(5);
  });
});
