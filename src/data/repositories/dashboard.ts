import * as v from 'valibot';
import { dashboardRead } from '#domains/dashboard/reads.ts';
import type { DashboardSnapshot } from '#domains/dashboard/snapshot.ts';
import { readPath } from '#shared/read-declaration.ts';
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
  const response = await apiFetch(readPath(dashboardRead, {}, { tz: timeZone }));
  const snapshot = v.parse(dashboardRead.answer, await response.json());
  return { snapshot, live: response.headers.get(FROM_CACHE_HEADER) === null };
}

/**
 * An answer serves this long; changes (a sale anywhere) arrive sooner, through the live updates.
 * While the dashboard is open it also asks again every DASHBOARD_CLOCK_MS for the time that
 * passes: a new hour, a new day.
 */
export const DASHBOARD_REFRESH_MS = 30_000;
export const DASHBOARD_CLOCK_MS = 5 * 60_000;

export const dashboardQuery = (timeZone = deviceTimeZone()) => ({
  // 'sales': the snapshot's shape since it carries real sales (an older stored one is not read).
  queryKey: ['dashboard', 'sales', timeZone] as const,
  queryFn: () => fetchDashboard(timeZone),
  staleTime: DASHBOARD_REFRESH_MS,
  refetchInterval: DASHBOARD_CLOCK_MS,
  meta: { persist: true },
});
