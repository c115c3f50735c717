import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import type { InviteRequest, Person, Team } from '#domains/team/team.ts';
import { changePersonWrite, inviteWrite } from '#domains/team/writes.ts';
import { db } from '../db.ts';
import {
  businessProfileQuery,
  PROFILE_RESOURCE,
  TEAM_INVITATIONS,
  TEAM_PEOPLE,
  TEAM_RESOURCE,
  teamQuery,
} from '../repositories/team.ts';
import { userProfileQuery } from '../repositories/user-profile.ts';
import { foldPending } from '../sync/fold.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { isWriteOf } from '../sync/write-handler.ts';

/** The writes of a resource still in the outbox, in the order they were made. */
function useWaiting(resource: string): OutboxEntry[] | undefined {
  return useLiveQuery(() => db.outbox.where('resource').equals(resource).sortBy('seq'), [resource]);
}

/** Reads `keys` afresh each time the outbox has fewer of a resource's writes: they went through. */
function useRefreshWhenSent(
  waiting: OutboxEntry[] | undefined,
  keys: readonly (readonly string[])[],
) {
  const queryClient = useQueryClient();
  const before = useRef(0);
  useEffect(() => {
    const now = waiting?.length ?? 0;
    if (now < before.current) {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }
    before.current = now;
  }, [waiting, keys, queryClient]);
}

export interface ShownPerson extends Person {
  /** A change of this person waits to be sent (or was refused). */
  waiting: 'pending' | 'needs-attention' | null;
}

interface WaitingInvitation {
  entryId: string;
  invite: InviteRequest;
  state: OutboxEntry['state'];
}

const TEAM_KEYS = [teamQuery().queryKey] as const;
const PROFILE_KEYS = [businessProfileQuery().queryKey, userProfileQuery().queryKey] as const;

/**
 * The team as the server last answered it, with this device's changes still waiting laid over:
 * a person's waiting role or disable shows at once; invitations not yet sent are listed apart.
 */
export function useTeam(enabled: boolean) {
  const query = useQuery({ ...teamQuery(), enabled });
  const waiting = useWaiting(TEAM_RESOURCE);
  useRefreshWhenSent(waiting, TEAM_KEYS);
  const shown = useMemo(() => overlay(query.data, waiting ?? []), [query.data, waiting]);
  return { query, ...shown };
}

/**
 * The team with the waiting writes laid over it by the generic fold (a role or a disable shows
 * at once; an invitation being revoked is gone), each person marked by the state of the change
 * of theirs that waits; invitations not yet sent are listed apart.
 */
function overlay(team: Team | undefined, waiting: OutboxEntry[]) {
  const marks = new Map<string, ShownPerson['waiting']>();
  for (const entry of waiting) {
    if (isWriteOf(entry, changePersonWrite) && typeof entry.recordId === 'string') {
      marks.set(entry.recordId, entry.state === 'needs-attention' ? 'needs-attention' : 'pending');
    }
  }
  const people = foldPending(TEAM_PEOPLE, team?.people ?? [], waiting, (person) => person.id);
  const invitations: WaitingInvitation[] = waiting
    .filter((entry) => isWriteOf(entry, inviteWrite))
    .map((entry) => ({
      entryId: entry.id,
      invite: entry.body,
      state: entry.state,
    }));
  return {
    people: people.map(
      (person): ShownPerson => ({
        ...person,
        waiting: marks.get(person.id) ?? null,
      }),
    ),
    invitations: foldPending(
      TEAM_INVITATIONS,
      team?.invitations ?? [],
      waiting,
      (invitation) => invitation.id,
    ),
    waitingInvitations: invitations,
  };
}

/** The business profile, read afresh (with the user's profile) once a save has gone through. */
export function useBusinessProfile() {
  const query = useQuery(businessProfileQuery());
  const waiting = useWaiting(PROFILE_RESOURCE);
  useRefreshWhenSent(waiting, PROFILE_KEYS);
  return { query, waiting: waiting ?? [] };
}
