import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { can, type Permission } from '#shared/auth/permissions.ts';
import { type Role, RoleSchema } from '#shared/auth/schemas.ts';
import { userProfileQuery } from '../repositories/user-profile.ts';
import { getSessionState, subscribeSession } from '../session.ts';

const useSessionState = () =>
  useSyncExternalStore(subscribeSession, getSessionState, getSessionState);

/** The signed-in person as their session holds them (null when signed out). */
export const useSignedInUser = () => useSessionState().user;

/**
 * The signed-in person's role: as the server says now (the profile, refreshed every minute and
 * kept for offline use), else as their sign-in said. The server enforces roles on every call;
 * the screens use this only to offer what the role may do.
 */
export function useRole(): Role | undefined {
  const session = useSessionState();
  const profile = useQuery({ ...userProfileQuery(), enabled: session.status === 'authenticated' });
  const role = profile.data?.role ?? session.user?.role;
  return RoleSchema.options.includes(role as Role) ? (role as Role) : undefined;
}

/**
 * Whether the signed-in person's role has the permission. A role not known (a sign-in answer
 * without one) is offered everything: the server decides.
 */
export function useCan(permission: Permission): boolean {
  const role = useRole();
  return role === undefined || can(role, permission);
}
