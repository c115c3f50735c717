import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '#data/catalogue-store.ts';
import { refreshCatalogue, resetCatalogueState } from '#data/repositories/catalogue.ts';
import { saveSession } from '#data/session.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => mockServer.close());

beforeEach(async () => {
  resetCatalogueState();
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

const answer = (names: string[]) => ({
  products: names.map((name, index) => ({
    id: index + 1,
    columns: [
      { key: 'name', value: name },
      { key: 'list_price', value: '20.00' },
      { key: 'luc', value: 'oops' },
    ],
  })),
});

function serveCatalogue(names: string[], etag = '"v1"') {
  const seen: (string | null)[] = [];
  mockServer.use(
    http.get('*/api/v1/inventory/enhanced', ({ request }) => {
      seen.push(request.headers.get('if-none-match'));
      if (request.headers.get('if-none-match') === etag) {
        return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
      }
      return HttpResponse.json(answer(names), { headers: { ETag: etag } });
    }),
  );
  return seen;
}

describe('the stored catalogue', () => {
  it('stores the mapped catalogue with its ETag and fetch time', async () => {
    serveCatalogue(['Grange', 'Sassicaia']);
    expect(await refreshCatalogue()).toBe('updated');
    const stored = await readCatalogue();
    expect(stored.items.map((item) => [item.id, item.product, item.listPrice, item.luc])).toEqual([
      [1, 'Grange', 20, 0],
      [2, 'Sassicaia', 20, 0],
    ]);
    expect(stored.meta?.etag).toBe('"v1"');
    expect(stored.meta?.fetchedAt).toBeGreaterThan(Date.now() - 5000);
  });

  it('asks with If-None-Match and keeps the stored copy on 304', async () => {
    const seen = serveCatalogue(['Grange']);
    await refreshCatalogue();
    const before = (await readCatalogue()).meta?.fetchedAt ?? 0;
    expect(await refreshCatalogue({ force: true })).toBe('unchanged');
    expect(seen).toEqual([null, '"v1"']);
    const after = await readCatalogue();
    expect(after.items).toHaveLength(1);
    expect(after.meta?.fetchedAt).toBeGreaterThanOrEqual(before);
  });

  it('replaces the whole stored catalogue when it changed', async () => {
    serveCatalogue(['Grange', 'Sassicaia', 'Tignanello'], '"v1"');
    await refreshCatalogue();
    serveCatalogue(['Opus One'], '"v2"');
    expect(await refreshCatalogue({ force: true })).toBe('updated');
    expect((await readCatalogue()).items.map((item) => item.product)).toEqual(['Opus One']);
  });

  it('throttles reloads to one per 30 s, resets after 60 s, and shares a running request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const seen = serveCatalogue(['Grange']);
    const [first, second] = await Promise.all([refreshCatalogue(), refreshCatalogue()]);
    expect([first, second]).toEqual(['updated', 'updated']);
    expect(seen).toHaveLength(1);
    expect(await refreshCatalogue()).toBe('throttled');
    vi.advanceTimersByTime(29_000);
    expect(await refreshCatalogue()).toBe('throttled');
    vi.advanceTimersByTime(2_000);
    expect(await refreshCatalogue()).toBe('unchanged');
    expect(seen).toHaveLength(2);
    // 'Try again' is not throttled.
    expect(await refreshCatalogue({ force: true })).toBe('unchanged');
    expect(seen).toHaveLength(3);
  });

  it('a forced refresh while a request runs makes one more after it, to see a change', async () => {
    const names = ['Grange'];
    let calls = 0;
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', async () => {
        calls += 1;
        // The first answer was read before the change.
        const body = answer([...names]);
        const etag = `"v${calls}"`;
        if (calls === 1) await firstHeld;
        return HttpResponse.json(body, { headers: { ETag: etag } });
      }),
    );
    const running = refreshCatalogue();
    await vi.waitFor(() => expect(calls).toBe(1));
    names.push('Sassicaia');
    const [afterChange, again] = [
      refreshCatalogue({ force: true }),
      refreshCatalogue({ force: true }),
    ];
    releaseFirst();
    await running;
    expect(await afterChange).toBe('updated');
    expect(await again).toBe('updated');
    expect(calls).toBe(2);
    expect((await readCatalogue()).items.map((item) => item.product)).toEqual([
      'Grange',
      'Sassicaia',
    ]);
  });

  describe('a copy that knows its version', () => {
    const product = (id: number, name: string, version = 1) => ({
      id,
      version,
      columns: [
        { key: 'name', value: name },
        { key: 'list_price', value: '20.00' },
      ],
    });
    function serveVersioned(names: string[], version: number) {
      const downloads: number[] = [];
      mockServer.use(
        http.get('*/api/v1/inventory/enhanced', () => {
          downloads.push(version);
          return HttpResponse.json(
            { products: names.map((name, index) => product(index + 1, name)) },
            { headers: { ETag: `"v${version}"`, 'X-Catalogue-Version': String(version) } },
          );
        }),
      );
      return downloads;
    }
    function serveFeed(feed: Record<string, unknown>) {
      const asked: (string | null)[] = [];
      mockServer.use(
        http.get('*/api/v1/changes', ({ request }) => {
          asked.push(new URL(request.url).searchParams.get('catalogue'));
          return HttpResponse.json({ catalogue: feed });
        }),
      );
      return asked;
    }

    it('asks only for the changes since it, and applies them in place', async () => {
      const downloads = serveVersioned(['Grange', 'Sassicaia', 'Tignanello'], 40);
      await refreshCatalogue();
      expect((await readCatalogue()).meta?.version).toBe(40);
      // The copy follows its original; the other new product comes first.
      const asked = serveFeed({
        version: 43,
        full: false,
        products: [
          { ...product(5, 'First Now'), after: null },
          { ...product(4, 'Grange (Copy)'), after: 1 },
          product(3, 'Tignanello 2021', 2),
        ],
        deleted: [2],
      });
      expect(await refreshCatalogue({ force: true })).toBe('updated');
      const stored = await readCatalogue();
      expect(stored.items.map((item) => [item.id, item.product])).toEqual([
        [5, 'First Now'],
        [1, 'Grange'],
        [4, 'Grange (Copy)'],
        [3, 'Tignanello 2021'],
      ]);
      expect(stored.meta).toMatchObject({ version: 43, count: 4 });
      expect(downloads).toEqual([40]);
      expect(asked).toEqual(['40']);
    });

    it('says unchanged when nothing changed since, without a download', async () => {
      const downloads = serveVersioned(['Grange'], 7);
      await refreshCatalogue();
      const asked = serveFeed({ version: 7, full: false, products: [], deleted: [] });
      expect(await refreshCatalogue({ force: true })).toBe('unchanged');
      expect(asked).toEqual(['7']);
      expect(downloads).toEqual([7]);
    });

    it('downloads the whole catalogue when the server says it is too far behind', async () => {
      serveVersioned(['Grange'], 7);
      await refreshCatalogue();
      const asked = serveFeed({ version: 9000, full: true });
      const downloads = serveVersioned(['Opus One', 'Penfolds Bin 389'], 9000);
      expect(await refreshCatalogue({ force: true })).toBe('updated');
      expect(asked).toEqual(['7']);
      expect(downloads).toEqual([9000]);
      const stored = await readCatalogue();
      expect(stored.items.map((item) => item.product)).toEqual(['Opus One', 'Penfolds Bin 389']);
      expect(stored.meta?.version).toBe(9000);
    });
  });

  it('keeps the stored copy when the server cannot be reached', async () => {
    serveCatalogue(['Grange']);
    await refreshCatalogue();
    mockServer.use(http.get('*/api/v1/inventory/enhanced', () => HttpResponse.error()));
    await expect(refreshCatalogue({ force: true })).rejects.toThrow();
    expect((await readCatalogue()).items.map((item) => item.product)).toEqual(['Grange']);
  });

  it("fails with the API's message when the server refuses", async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(
          { message: 'boom' },
          { status: 500, statusText: 'Internal Server Error' },
        ),
      ),
    );
    await expect(refreshCatalogue()).rejects.toThrow('API call failed: 500 Internal Server Error');
  });
});
