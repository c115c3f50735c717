import * as v from 'valibot';
import { type BusinessProfile, BusinessProfileSchema } from '#domains/business/profile.ts';
import { businessProfileRead } from '#domains/business/reads.ts';
import { saveBusinessProfileWrite } from '#domains/business/writes.ts';
import { teamRead } from '#domains/team/reads.ts';
import type { Invitation, InviteRequest, Person, PersonPatch } from '#domains/team/team.ts';
import {
  changePersonWrite,
  inviteWrite,
  resendInvitationWrite,
  revokeInvitationWrite,
} from '#domains/team/writes.ts';
import { ROLE_LABELS } from '#shared/auth/permissions.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { db } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  type FailureNotice,
  paramsOf,
  type Refusal,
  type WriteFold,
} from '../sync/write-handler.ts';

/**
 * Team & Permissions and Business Profile: read from the server (kept for offline viewing by
 * the persisted query cache), changed through the outbox like every other write, one send order
 * for the team so that an invitation goes before its resend or revoke. Each change is one field
 * or one action, so that two managers' changes to different people, or to different things of
 * one person, never undo each other.
 */
export const TEAM_RESOURCE = 'team';
/** Apart from the team: a profile save carries the whole profile, the last one wins. */
export const PROFILE_RESOURCE = 'business-profile';
export const TEAM_OPS = {
  invite: inviteWrite.op,
  resend: resendInvitationWrite.op,
  revoke: revokeInvitationWrite.op,
  person: changePersonWrite.op,
  profile: saveBusinessProfileWrite.op,
} as const;

export const teamQuery = () => ({
  queryKey: ['team'] as const,
  queryFn: () => readJson(teamRead, {}),
  staleTime: 0,
  meta: { persist: true },
});

// Read afresh whenever a screen needs it (it is small): a saved copy may predate a change.
export const businessProfileQuery = () => ({
  queryKey: ['business', 'profile'] as const,
  queryFn: () => readJson(businessProfileRead, {}),
  staleTime: 0,
  meta: { persist: true },
});

/** Who a change is about, as Pending changes names it. */
interface Label {
  name: string;
}

function queue<TBody>(request: {
  resource?: string;
  write: ReturnType<typeof writeRequest>;
  body: TBody;
  name: string;
  recordId?: string;
}) {
  return queueAndSend([db.outbox], () =>
    queueWrite<TBody, Label>({
      resource: request.resource ?? TEAM_RESOURCE,
      ...request.write,
      body: request.body,
      revert: { name: request.name },
      ...(request.recordId ? { recordId: request.recordId } : {}),
    }),
  );
}

export const invitePerson = (input: InviteRequest) =>
  queue({ write: writeRequest(inviteWrite, {}), body: input, name: input.name });

export const resendInvitation = (invitation: Invitation) =>
  queue({
    write: writeRequest(resendInvitationWrite, { id: invitation.id }),
    body: undefined,
    name: invitation.name,
  });

export const revokeInvitation = (invitation: Invitation) =>
  queue({
    write: writeRequest(revokeInvitationWrite, { id: invitation.id }),
    body: undefined,
    name: invitation.name,
  });

/** One change to a person: untried changes of the same person merge into one request. */
export const changePerson = (person: Person, patch: PersonPatch) =>
  queue({
    write: writeRequest(changePersonWrite, { id: person.id }),
    body: patch,
    name: person.name,
    recordId: person.id,
  });

export const saveBusinessProfile = (profile: BusinessProfile) =>
  queue({
    resource: PROFILE_RESOURCE,
    write: writeRequest(saveBusinessProfileWrite, {}),
    body: v.parse(BusinessProfileSchema, profile),
    name: profile.name,
  });

/** The collections the team's writes change on the Team page (sync/fold.ts). */
export const TEAM_PEOPLE = 'team.people';
export const TEAM_INVITATIONS = 'team.invitations';

/** A person's waiting role or disable, shown at once. */
const personChanged: WriteFold<Person> = {
  collection: TEAM_PEOPLE,
  apply(view, entry) {
    const { id } = paramsOf(entry);
    const person = id === undefined ? undefined : view.get(id);
    if (!person || id === undefined) return;
    const patch = entry.body as PersonPatch;
    view.set(id, {
      ...person,
      ...(patch.role ? { role: patch.role } : {}),
      ...(patch.disabled === undefined ? {} : { status: patch.disabled ? 'disabled' : 'active' }),
    });
  },
};

/** An invitation being revoked is no longer listed. */
const invitationRevoked: WriteFold<Invitation> = {
  collection: TEAM_INVITATIONS,
  apply(view, entry) {
    const { id } = paramsOf(entry);
    if (id !== undefined) view.remove(id);
  },
};

const nameOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.name ?? 'someone';

function describe(entry: OutboxEntry): string {
  switch (entry.op) {
    case TEAM_OPS.invite: {
      const { role } = entry.body as InviteRequest;
      return `Invite ${nameOf(entry)} as ${ROLE_LABELS[role].toLowerCase()}`;
    }
    case TEAM_OPS.resend:
      return `Resend the invitation to ${nameOf(entry)}`;
    case TEAM_OPS.revoke:
      return `Revoke the invitation to ${nameOf(entry)}`;
    case TEAM_OPS.person: {
      const patch = entry.body as PersonPatch;
      const parts = [
        ...(patch.role ? [`make ${ROLE_LABELS[patch.role].toLowerCase()}`] : []),
        ...(patch.disabled === undefined ? [] : [patch.disabled ? 'disable' : 'enable']),
      ];
      return `${nameOf(entry)}: ${parts.join(', ')}`;
    }
    default:
      return 'Save the business profile';
  }
}

function failureNotice(entry: OutboxEntry, refusal: Refusal): FailureNotice {
  const parsed = v.safeParse(ErrorBodySchema, refusal.body);
  const reason = parsed.success ? parsed.output.message : `the server answered ${refusal.status}`;
  return { kind: 'alert', text: `${describe(entry)}: ${reason}` };
}

// The screens read the team and the profile afresh once their changes are through; nothing is
// stored here to put right, so acknowledging and reverting have nothing to do.
const shared = {
  async acknowledge() {},
  async revert() {},
  describe,
  failureNotice,
};

export const teamHandlers = [
  defineWriteHandler<InviteRequest, Label>({
    declaration: inviteWrite,
    ...shared,
  }),
  defineWriteHandler<undefined, Label>({
    declaration: resendInvitationWrite,
    ...shared,
  }),
  defineWriteHandler<undefined, Label>({
    declaration: revokeInvitationWrite,
    fold: invitationRevoked,
    ...shared,
  }),
  defineWriteHandler<PersonPatch, Label>({
    declaration: changePersonWrite,
    fold: personChanged,
    ...shared,
    absorbUpdate: (body, update) => ({ ...body, ...(update as PersonPatch) }),
  }),
  defineWriteHandler<BusinessProfile, Label>({
    declaration: saveBusinessProfileWrite,
    ...shared,
  }),
];
