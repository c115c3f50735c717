import { userProfileRead } from '#domains/business/reads.ts';
import { readJson } from '../api-client.ts';

/**
 * The signed-in user's profile (GET /user/profile). Small, so it is kept by the persisted query
 * cache (meta.persist) and shows offline, after a restart too.
 */
export const userProfileQuery = () => ({
  queryKey: ['user', 'profile'] as const,
  queryFn: () => readJson(userProfileRead, {}),
  staleTime: 60_000,
  meta: { persist: true },
});
