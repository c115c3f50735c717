import * as v from 'valibot';
import { isEmailForm } from '#shared/auth/email.ts';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { isStrongPassword } from '#shared/auth/password-rules.ts';
import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  RoleSchema,
  tokenSchema,
} from '#shared/auth/schemas.ts';
import { missingFieldMessage } from '#shared/validation.ts';

/** Team & Permissions: the people of a business, invitations, and what is said about them. */

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const TEAM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: 'Choose a role',
  alreadyOnTeam: 'This person is already on the team.',
  notOnTeam: 'This person is not on the team.',
  invitationGone: 'This invitation is no longer pending.',
  ownersOnly: 'Only an owner can change an owner, or make one.',
  lastOwner: 'A business always has at least one active owner.',
  notYourself: 'You cannot disable yourself or change your own role.',
  inviteInvalid: 'This invitation link is invalid or has expired. Ask for a new one.',
  emailTaken:
    'This email already has a Vintry account. Ask for the invitation to be sent to another address.',
  disabled: SERVER_AUTH_MESSAGES.accountDisabled,
} as const;

const Name = v.pipe(
  v.string(TEAM_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(TEAM_MESSAGES.nameRequired),
  v.maxLength(100, TEAM_MESSAGES.nameTooLong),
);

export const InviteRequestSchema = v.object(
  {
    name: Name,
    email: v.pipe(
      v.string(TEAM_MESSAGES.emailInvalid),
      v.trim(),
      v.check(isEmailForm, TEAM_MESSAGES.emailInvalid),
      v.maxLength(MAX_EMAIL_LENGTH, SERVER_AUTH_MESSAGES.emailTooLong),
    ),
    role: v.picklist(RoleSchema.options, TEAM_MESSAGES.roleInvalid),
  },
  missingFieldMessage(
    { email: TEAM_MESSAGES.emailInvalid, role: TEAM_MESSAGES.roleInvalid },
    TEAM_MESSAGES.nameRequired,
  ),
);
export type InviteRequest = v.InferOutput<typeof InviteRequestSchema>;

/** A change to a person: their role, or whether they may sign in. */
export const PersonPatchSchema = v.pipe(
  v.strictObject({
    role: v.optional(v.picklist(RoleSchema.options, TEAM_MESSAGES.roleInvalid)),
    disabled: v.optional(v.boolean()),
  }),
  v.check((patch) => patch.role !== undefined || patch.disabled !== undefined, 'Nothing to change'),
);
export type PersonPatch = v.InferOutput<typeof PersonPatchSchema>;

export const InvitationTokenSchema = v.object(
  { token: tokenSchema(TEAM_MESSAGES.inviteInvalid) },
  missingFieldMessage({}, TEAM_MESSAGES.inviteInvalid),
);

export const AcceptInviteSchema = v.object(
  {
    token: tokenSchema(TEAM_MESSAGES.inviteInvalid),
    password: v.pipe(
      v.string(SERVER_AUTH_MESSAGES.passwordTooWeak),
      v.check(isStrongPassword, SERVER_AUTH_MESSAGES.passwordTooWeak),
      v.maxLength(MAX_PASSWORD_LENGTH, SERVER_AUTH_MESSAGES.passwordTooLong),
    ),
  },
  missingFieldMessage(
    { password: SERVER_AUTH_MESSAGES.passwordTooWeak },
    TEAM_MESSAGES.inviteInvalid,
  ),
);

/** A person as Team & Permissions lists them. */
export const PersonSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  status: v.picklist(['active', 'disabled']),
  last_sign_in_at: v.nullable(v.string()),
});
export type Person = v.InferOutput<typeof PersonSchema>;

export const InvitationSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  status: v.picklist(['invited', 'expired']),
  sent_at: v.string(),
  expires_at: v.string(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

export const TeamSchema = v.object({
  people: v.array(PersonSchema),
  invitations: v.array(InvitationSchema),
});
export type Team = v.InferOutput<typeof TeamSchema>;

/** What the accept screen shows before a password is set. */
export const InvitationPreviewSchema = v.object({
  name: v.string(),
  email: v.string(),
  business_name: v.string(),
  role: RoleSchema,
});
export type InvitationPreview = v.InferOutput<typeof InvitationPreviewSchema>;
