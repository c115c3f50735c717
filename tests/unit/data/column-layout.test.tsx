import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useColumnLayout } from '#data/hooks/use-column-layout.ts';
import { saveSession } from '#data/session.ts';
import {
  type ColumnPreference,
  columnPreferencesAnswer,
} from '#domains/preferences/column-preferences.ts';
import { OFFERED_COLUMNS } from '#domains/products/columns.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => mockServer.close());

const allVisible = OFFERED_COLUMNS.map((column, display_order) => ({
  column_key: column.key,
  is_visible: true,
  display_order,
}));

let puts: { preferences: ColumnPreference[] }[] = [];
const requestTimes = { get: [] as number[], put: [] as number[] };
beforeEach(async () => {
  puts = [];
  requestTimes.get = [];
  requestTimes.put = [];
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.get('*/api/v1/preferences/columns/products', () => {
      requestTimes.get.push(Date.now());
      const preferences = puts.at(-1)?.preferences ?? allVisible;
      return HttpResponse.json(columnPreferencesAnswer(preferences, []));
    }),
    http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
      const body = (await request.json()) as (typeof puts)[number];
      requestTimes.put.push(Date.now());
      puts.push(body);
      return HttpResponse.json(columnPreferencesAnswer(body.preferences, []));
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
    // Fake timers that also follow real time, so IndexedDB, the mock server and TanStack
    // Query's own zero-delay timers go on while the test jumps the recovery's delays. The
    // requests are stamped with the fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const { result } = renderHook(() => useColumnLayout('products'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    // Every saved preference was visible: the screen shows the 10 defaults instead, at once.
    expect(visibleCount(result.current.layout.visibility)).toBe(10);
    expect(puts).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.preferences.filter((preference) => preference.is_visible)).toHaveLength(10);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(requestTimes.get).toHaveLength(2));

    const [firstGet = 0, reload = 0] = requestTimes.get;
    const [writeBack = 0] = requestTimes.put;
    // Timers never fire early: the write-back 1 s or more after the corrupted answer, the
    // reload 0.5 s after the write-back started (its request left a little after it started).
    expect(writeBack - firstGet).toBeGreaterThanOrEqual(1000);
    expect(reload - firstGet).toBeGreaterThanOrEqual(1500);
    expect(reload).toBeGreaterThan(writeBack);
    expect(visibleCount(result.current.layout.visibility)).toBe(10);
  });

  it('leaves healthy preferences alone', async () => {
    mockServer.use(
      http.get('*/api/v1/preferences/columns/products', () => {
        return HttpResponse.json(
          columnPreferencesAnswer(
            allVisible.map((preference, i) => ({ ...preference, is_visible: i < 12 })),
            [],
          ),
        );
      }),
    );
    const { result } = renderHook(() => useColumnLayout('products'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await waitFor(() => expect(visibleCount(result.current.layout.visibility)).toBe(12));
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(puts).toHaveLength(0);
  });
});

describe('a device that never stored the layout', () => {
  it('offline, shows the built-in layout instead of waiting, and the saved one once online', async () => {
    onlineManager.setOnline(false);
    try {
      const { result } = renderHook(() => useColumnLayout('products'), { wrapper });
      await waitFor(() => expect(result.current.loading).toBe(false));
      expect(requestTimes.get).toHaveLength(0);
      expect(visibleCount(result.current.layout.visibility)).toBe(10);
      expect(result.current.error).not.toBeNull();
      act(() => onlineManager.setOnline(true));
      // The server's answer (every column visible is taken as corrupted; these are 12).
      mockServer.use(
        http.get('*/api/v1/preferences/columns/products', () =>
          HttpResponse.json(
            columnPreferencesAnswer(
              allVisible.map((preference, i) => ({ ...preference, is_visible: i < 12 })),
              [],
            ),
          ),
        ),
      );
      await waitFor(() => expect(visibleCount(result.current.layout.visibility)).toBe(12));
      expect(result.current.error).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
