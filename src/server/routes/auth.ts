import { Hono } from 'hono';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RefreshTokenRequestSchema,
  ResetPasswordRequestSchema,
} from '#shared/auth/schemas.ts';
import { beginLoginAttempt, clearLoginFailures } from '../auth/login-throttle.ts';
import { consumeResetToken, createResetToken } from '../auth/password-reset.ts';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import {
  revokeAllRefreshTokens,
  revokeFamilyOfToken,
  rotateRefreshToken,
  startRefreshFamily,
} from '../auth/refresh-sessions.ts';
import {
  findAuthUserById,
  findUserForLogin,
  findUserIdByEmail,
  setPassword,
} from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/read-json.ts';
import { passwordResetMail } from '../mail/password-reset-mail.ts';

/** POST /auth/login, /refresh, /forgot-password, /reset-password, /logout (spec section 7). */
export function authRoutes(deps: Deps) {
  const { db, tokens, now } = deps;
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    const { email, password } = await readJson(c, LoginRequestSchema);
    const attempt = await beginLoginAttempt(db, email, now());
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
    const { passwordHash: _hash, ...user } = found;
    await clearLoginFailures(db, email);
    const accessToken = await tokens.sign({
      userId: user.id,
      businessId: user.businessId,
      role: user.role,
    });
    const refreshToken = await startRefreshFamily(db, user.id, now());
    return c.json({ accessToken, refreshToken, user });
  });

  app.post('/refresh', async (c) => {
    const { refreshToken } = await readJson(c, RefreshTokenRequestSchema);
    const rotated = await rotateRefreshToken(db, refreshToken, now());
    const user = rotated && (await findAuthUserById(db, rotated.userId));
    if (!rotated || !user) throw new HttpError(401, SERVER_AUTH_MESSAGES.invalidRefreshToken);
    const accessToken = await tokens.sign({
      userId: user.id,
      businessId: user.businessId,
      role: user.role,
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

  app.post('/logout', async (c) => {
    const { refreshToken } = await readJson(c, RefreshTokenRequestSchema);
    await revokeFamilyOfToken(db, refreshToken, now());
    return c.body(null, 204);
  });

  return app;
}
