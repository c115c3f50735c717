import * as v from 'valibot';
import { type DashboardSnapshot, DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import { FROM_CACHE_HEADER } from '../api-cache.ts';
import { apiFetch } from '../api-client.ts';
import { deviceTimeZone } from '../time-zone.ts';

/**
 * The dashboard snapshot (GET /dashboard?tz=, days by this device's time zone). Small, so the persisted query cache keeps it and the
 * dashboard renders offline, after a restart too. `live` is false when the worker answered from
 * its cache because the network was not there.
 */
export interface DashboardData {
  snapshot: DashboardSnapshot;
  live: boolean;
}

export async function fetchDashboard(timeZone: string): Promise<DashboardData> {
  const response = await apiFetch(`/dashboard?tz=${encodeURIComponent(timeZone)}`);
  const snapshot = v.parse(DashboardSnapshotSchema, await response.json());
  return { snapshot, live: response.headers.get(FROM_CACHE_HEADER) === null };
}

/** While the dashboard is open it asks again this often, so new sales show within 30 s. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardQuery = (timeZone = deviceTimeZone()) => ({
  // 'sales': the snapshot's shape since it carries real sales (an older stored one is not read).
  queryKey: ['dashboard', 'sales', timeZone] as const,
  queryFn: () => fetchDashboard(timeZone),
  staleTime: DASHBOARD_REFRESH_MS,
  refetchInterval: DASHBOARD_REFRESH_MS,
  meta: { persist: true },
});
