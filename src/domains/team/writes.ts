import { defineWrite } from '#shared/write-declaration.ts';
import { InviteRequestSchema, PersonPatchSchema } from './team.ts';

/**
 * Team & Permissions: an invitation (sent, sent again, revoked) and a change to a person (a role,
 * or whether they may sign in). Each carries only what it changes.
 */
export const inviteWrite = defineWrite({
  op: 'team.invite',
  method: 'POST',
  route: '/team/invitations',
  access: 'team.manage',
  body: InviteRequestSchema,
  role: 'append',
});

export const resendInvitationWrite = defineWrite({
  op: 'team.resend',
  method: 'POST',
  route: '/team/invitations/:id/resend',
  access: 'team.manage',
  body: null,
  role: 'append',
});

export const revokeInvitationWrite = defineWrite({
  op: 'team.revoke',
  method: 'DELETE',
  route: '/team/invitations/:id',
  access: 'team.manage',
  body: null,
  role: 'append',
});

export const changePersonWrite = defineWrite({
  op: 'team.person',
  method: 'PATCH',
  route: '/team/people/:id',
  access: 'team.manage',
  body: PersonPatchSchema,
  role: 'update',
});
