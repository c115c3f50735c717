import { Hono } from 'hono';
import { AcceptInviteSchema, InvitationTokenSchema, TEAM_MESSAGES } from '#domains/team/team.ts';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import {
  type AuthUser,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RefreshTokenRequestSchema,
  ResetPasswordRequestSchema,
} from '#shared/auth/schemas.ts';
import { beginLoginAttempt, clearLoginFailures } from '../auth/login-throttle.ts';
import { consumeResetToken, createResetToken } from '../auth/password-reset.ts';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import {
  ownerOfRefreshToken,
  revokeAllRefreshTokens,
  revokeFamilyOfToken,
  rotateRefreshToken,
  startRefreshFamily,
} from '../auth/refresh-sessions.ts';
import {
  findActiveAuthUserById,
  findUserForLogin,
  findUserIdByEmail,
  isDisabled,
  noteSignIn,
  setPassword,
} from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/read-json.ts';
import { passwordResetMail } from '../mail/password-reset-mail.ts';
import { acceptInvitation, previewInvitation } from '../team/team.ts';

/**
 * POST /auth/login, /refresh, /forgot-password, /reset-password, /logout (spec section 7), and
 * /invitation and /accept-invite for people invited from Team & Permissions.
 */
export function authRoutes(deps: Deps) {
  const { db, tokens, now } = deps;
  const app = new Hono<AppEnv>();

  /** The login answer: a new access token and refresh family for a user already authenticated. */
  async function signIn(user: AuthUser) {
    const { familyId, refreshToken } = await startRefreshFamily(db, user.id, now());
    const accessToken = await tokens.sign({
      userId: user.id,
      businessId: user.businessId,
      role: user.role,
      sessionId: familyId,
    });
    await noteSignIn(db, user.id, now());
    return { accessToken, refreshToken, user };
  }

  app.post('/login', async (c) => {
    const { email, password } = await readJson(c, LoginRequestSchema);
    const who = { email, client: clientAddress(c, deps.trustProxy ?? false) };
    const attempt = await beginLoginAttempt(db, who, now());
    if (!attempt.allowed) {
      throw new HttpError(429, SERVER_AUTH_MESSAGES.tooManyAttempts, {
        headers: { 'Retry-After': String(attempt.retryAfterSeconds) },
      });
    }
    const found = await findUserForLogin(db, email);
    const passwordOk = await verifyPassword(
      password,
      found?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!found || !passwordOk) {
      // The attempt's row stays as the failure.
      throw new HttpError(401, SERVER_AUTH_MESSAGES.invalidCredentials);
    }
    const { passwordHash: _hash, disabledAt, ...user } = found;
    await clearLoginFailures(db, who);
    // Said only to someone who knows the password.
    if (disabledAt) throw new HttpError(401, TEAM_MESSAGES.disabled);
    return c.json(await signIn(user));
  });

  app.post('/refresh', async (c) => {
    const { refreshToken } = await readJson(c, RefreshTokenRequestSchema);
    const rotated = await rotateRefreshToken(db, refreshToken, now());
    const user = rotated && (await findActiveAuthUserById(db, rotated.userId));
    if (!rotated || !user) {
      // A disabled person's device is told why, so that it keeps their changes aside.
      const holder = await ownerOfRefreshToken(db, refreshToken);
      if (holder && (await isDisabled(db, holder)))
        throw new HttpError(401, TEAM_MESSAGES.disabled);
      throw new HttpError(401, SERVER_AUTH_MESSAGES.invalidRefreshToken);
    }
    const accessToken = await tokens.sign({
      userId: user.id,
      businessId: user.businessId,
      role: user.role,
      sessionId: rotated.familyId,
    });
    return c.json({ accessToken, refreshToken: rotated.refreshToken });
  });

  app.post('/forgot-password', async (c) => {
    const { email } = await readJson(c, ForgotPasswordRequestSchema);
    // The answer and its timing must not tell whether the account exists: the token and the mail
    // are made after the answer has gone.
    void (async () => {
      const userId = await findUserIdByEmail(db, email);
      if (!userId) return;
      const token = await createResetToken(db, userId, now());
      await deps.mailer.send(passwordResetMail(email, deps.appUrl, token));
    })().catch((error: unknown) => deps.log.error('Could not send the password reset mail', error));
    return c.json({ message: SERVER_AUTH_MESSAGES.forgotAccepted });
  });

  app.post('/reset-password', async (c) => {
    const { token, password } = await readJson(c, ResetPasswordRequestSchema);
    const userId = await consumeResetToken(db, token, now());
    if (!userId) throw new HttpError(400, SERVER_AUTH_MESSAGES.resetLinkInvalid);
    await setPassword(db, userId, password, now());
    await revokeAllRefreshTokens(db, userId, now());
    return c.json({ message: SERVER_AUTH_MESSAGES.resetDone });
  });

  // Every link that does not work gets the same answer: unknown, used, revoked or expired.
  app.post('/invitation', async (c) => {
    const { token } = await readJson(c, InvitationTokenSchema);
    const preview = await previewInvitation(db, token, now());
    if (!preview) throw new HttpError(400, TEAM_MESSAGES.inviteInvalid);
    return c.json(preview);
  });

  app.post('/accept-invite', async (c) => {
    const { token, password } = await readJson(c, AcceptInviteSchema);
    const user = await acceptInvitation(db, token, password, now());
    if (!user) throw new HttpError(400, TEAM_MESSAGES.inviteInvalid);
    return c.json(await signIn(user), 201);
  });

  app.post('/logout', async (c) => {
    const { refreshToken } = await readJson(c, RefreshTokenRequestSchema);
    await revokeFamilyOfToken(db, refreshToken, now());
    return c.body(null, 204);
  });

  return app;
}
