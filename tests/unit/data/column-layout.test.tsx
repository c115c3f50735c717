import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '#data/db.ts';
import { useColumnLayout } from '#data/hooks/use-column-layout.ts';
import { saveSession } from '#data/session.ts';
import { OFFERED_COLUMNS } from '#shared/inventory/columns.ts';
import { defaultPreferences } from '#shared/preferences/column-preferences.ts';
import { mockServer } from '../../mocks/server.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const allVisible = OFFERED_COLUMNS.map((column, display_order) => ({
  column_key: column.key,
  is_visible: true,
  display_order,
}));

let gets = 0;
let puts: { preferences: { column_key: string; is_visible: boolean }[] }[] = [];
const requestTimes = { get: [] as number[], put: [] as number[] };
beforeEach(async () => {
  gets = 0;
  puts = [];
  requestTimes.get = [];
  requestTimes.put = [];
  await clearLocalData();
  saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.get('*/api/v1/preferences/columns/products', () => {
      gets += 1;
      requestTimes.get.push(performance.now());
      const preferences = puts.at(-1)?.preferences ?? allVisible;
      return HttpResponse.json({
        preferences,
        visible_columns: [],
        defaults: defaultPreferences([]),
        stats: {},
      });
    }),
    http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
      const body = (await request.json()) as (typeof puts)[number];
      requestTimes.put.push(performance.now());
      puts.push(body);
      return HttpResponse.json({
        preferences: body.preferences,
        visible_columns: [],
        defaults: defaultPreferences([]),
        stats: {},
      });
    }),
    http.get('*/api/v1/custom-fields/definitions/product', () =>
      HttpResponse.json({ definitions: [] }),
    ),
  );
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const visibleCount = (visibility: Record<string, boolean>) =>
  Object.values(visibility).filter(Boolean).length;

describe('corruption recovery', () => {
  it('uses the defaults at once, writes them back after 1 s, reloads 0.5 s later', async () => {
    const { result } = renderHook(() => useColumnLayout('products'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    // Every saved preference was visible: the screen shows the 10 defaults instead, at once.
    expect(visibleCount(result.current.layout.visibility)).toBe(10);
    expect(puts).toHaveLength(0);

    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 3000 });
    expect(puts[0]?.preferences.filter((preference) => preference.is_visible)).toHaveLength(10);
    await waitFor(() => expect(requestTimes.get).toHaveLength(2), { timeout: 3000 });

    const [firstGet = 0, reload = 0] = requestTimes.get;
    const [writeBack = 0] = requestTimes.put;
    // Timers never fire early: the write-back comes 1 s or more after the corrupted answer,
    // and the reload 0.5 s after the write-back started (less the time it took to send).
    expect(writeBack - firstGet).toBeGreaterThanOrEqual(1000);
    expect(reload - writeBack).toBeGreaterThanOrEqual(400);
    expect(reload - firstGet).toBeGreaterThanOrEqual(1500);
    expect(visibleCount(result.current.layout.visibility)).toBe(10);
  });

  it('leaves healthy preferences alone', async () => {
    mockServer.use(
      http.get('*/api/v1/preferences/columns/products', () => {
        gets += 1;
        return HttpResponse.json({
          preferences: allVisible.map((preference, i) => ({ ...preference, is_visible: i < 12 })),
          visible_columns: [],
          defaults: defaultPreferences([]),
          stats: {},
        });
      }),
    );
    const { result } = renderHook(() => useColumnLayout('products'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await waitFor(() => expect(visibleCount(result.current.layout.visibility)).toBe(12));
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(puts).toHaveLength(0);
  });
});
