import * as v from 'valibot';
import { type DashboardSnapshot, DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import { FROM_CACHE_HEADER } from '../api-cache.ts';
import { apiFetch } from '../api-client.ts';

/**
 * The dashboard snapshot (GET /dashboard). Small, so the persisted query cache keeps it and the
 * dashboard renders offline, after a restart too. `live` is false when the worker answered from
 * its cache because the network was not there.
 */
export interface DashboardData {
  snapshot: DashboardSnapshot;
  live: boolean;
}

export async function fetchDashboard(): Promise<DashboardData> {
  const response = await apiFetch('/dashboard');
  const snapshot = v.parse(DashboardSnapshotSchema, await response.json());
  return { snapshot, live: response.headers.get(FROM_CACHE_HEADER) === null };
}

export const dashboardQuery = () => ({
  queryKey: ['dashboard'] as const,
  queryFn: fetchDashboard,
  staleTime: 30_000,
  meta: { persist: true },
});
