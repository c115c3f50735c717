import * as v from 'valibot';
import { firstIssueMessage, missingFieldMessage } from '../validation.ts';
import { isEmailForm } from './email.ts';
import { AUTH_MESSAGES, SERVER_AUTH_MESSAGES } from './messages.ts';
import { isStrongPassword } from './password-rules.ts';

/** Bodies of the authentication calls (spec section 7), validated alike by client and server. */

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** The longest address mail can carry (RFC 5321), and a password long enough for any manager. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 256;
/** Opaque tokens are 43 characters; anything far longer is not one of ours. */
const MAX_TOKEN_LENGTH = 200;

const boundedEmail = () =>
  v.maxLength<string, number, string>(MAX_EMAIL_LENGTH, SERVER_AUTH_MESSAGES.emailTooLong);
const boundedPassword = () =>
  v.maxLength<string, number, string>(MAX_PASSWORD_LENGTH, SERVER_AUTH_MESSAGES.passwordTooLong);
/** A token as a link or a device sends it: present, and no longer than ours are. */
export const tokenSchema = (message: string) =>
  v.pipe(required(message), v.maxLength(MAX_TOKEN_LENGTH, message));

export const LoginRequestSchema = v.object(
  {
    email: v.pipe(required(SERVER_AUTH_MESSAGES.credentialsRequired), boundedEmail()),
    password: v.pipe(
      v.string(SERVER_AUTH_MESSAGES.credentialsRequired),
      v.nonEmpty(SERVER_AUTH_MESSAGES.credentialsRequired),
      boundedPassword(),
    ),
  },
  missingFieldMessage({}, SERVER_AUTH_MESSAGES.credentialsRequired),
);
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

export const ForgotPasswordRequestSchema = v.object(
  {
    email: v.pipe(
      required(AUTH_MESSAGES.forgotEmptyEmail),
      v.check(isEmailForm, AUTH_MESSAGES.forgotInvalidEmail),
      boundedEmail(),
    ),
  },
  missingFieldMessage({}, AUTH_MESSAGES.forgotEmptyEmail),
);

export type ForgotEmailProblem = 'empty' | 'invalid';

/**
 * The forgot-password check of spec section 5, run before any call with the schema the server
 * applies. Leading and trailing spaces are forgiven (they come from pasting); a space inside the
 * address is not.
 */
export function checkForgotPasswordEmail(
  email: string,
): { ok: true; email: string } | { ok: false; problem: ForgotEmailProblem; message: string } {
  const result = v.safeParse(ForgotPasswordRequestSchema, { email });
  if (result.success) return { ok: true, email: result.output.email };
  const message = firstIssueMessage(result.issues);
  return {
    ok: false,
    problem: message === AUTH_MESSAGES.forgotEmptyEmail ? 'empty' : 'invalid',
    message,
  };
}

export const ResetPasswordRequestSchema = v.object(
  {
    token: tokenSchema(SERVER_AUTH_MESSAGES.resetTokenRequired),
    password: v.pipe(
      v.string(SERVER_AUTH_MESSAGES.passwordTooWeak),
      v.check(isStrongPassword, SERVER_AUTH_MESSAGES.passwordTooWeak),
      boundedPassword(),
    ),
  },
  missingFieldMessage(
    { password: SERVER_AUTH_MESSAGES.passwordTooWeak },
    SERVER_AUTH_MESSAGES.resetTokenRequired,
  ),
);

export const RefreshTokenRequestSchema = v.object(
  { refreshToken: tokenSchema(SERVER_AUTH_MESSAGES.refreshTokenRequired) },
  missingFieldMessage({}, SERVER_AUTH_MESSAGES.refreshTokenRequired),
);

export const ROLES = ['owner', 'manager', 'staff'] as const;
export const RoleSchema = v.picklist(ROLES);
export type Role = v.InferOutput<typeof RoleSchema>;

/** The signed-in user as the server describes it (login response, /user/profile). */
export const AuthUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  role: RoleSchema,
  businessId: v.string(),
  businessName: v.string(),
});
export type AuthUser = v.InferOutput<typeof AuthUserSchema>;

/**
 * The user object kept in the session. The spec stores only `{email}` when a login answer has no
 * user, so every other field is optional, and unknown fields are kept as they came.
 */
export const SessionUserSchema = v.looseObject({
  email: v.string(),
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  role: v.optional(v.string()),
  businessId: v.optional(v.string()),
  businessName: v.optional(v.string()),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

const token = v.pipe(v.string(), v.nonEmpty());

/** Login answer: accessToken or access_token, refreshToken or refresh_token, user (section 3). */
export const LoginResponseSchema = v.pipe(
  v.looseObject({
    accessToken: v.optional(token),
    access_token: v.optional(token),
    refreshToken: v.optional(token),
    refresh_token: v.optional(token),
    user: v.optional(SessionUserSchema),
  }),
  v.check(
    (body) => Boolean(body.accessToken ?? body.access_token),
    'The login answer has no access token',
  ),
  v.check(
    (body) => Boolean(body.refreshToken ?? body.refresh_token),
    'The login answer has no refresh token',
  ),
  v.transform((body) => ({
    accessToken: (body.accessToken ?? body.access_token) as string,
    refreshToken: (body.refreshToken ?? body.refresh_token) as string,
    user: body.user,
  })),
);
export type LoginResult = v.InferOutput<typeof LoginResponseSchema>;

/** Refresh answer: accessToken, and a rotated refreshToken when the server sends one. */
export const RefreshResponseSchema = v.pipe(
  v.looseObject({
    accessToken: v.optional(token),
    access_token: v.optional(token),
    refreshToken: v.optional(token),
    refresh_token: v.optional(token),
  }),
  v.check(
    (body) => Boolean(body.accessToken ?? body.access_token),
    'The refresh answer has no access token',
  ),
  v.transform((body) => ({
    accessToken: (body.accessToken ?? body.access_token) as string,
    refreshToken: body.refreshToken ?? body.refresh_token,
  })),
);
export type RefreshResult = v.InferOutput<typeof RefreshResponseSchema>;
