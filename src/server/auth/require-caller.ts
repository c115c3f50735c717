import { createMiddleware } from 'hono/factory';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import type { AccessTokens } from './access-tokens.ts';

/** Every non-auth call needs `Authorization: Bearer {token}` with a valid, unexpired access token. */
export function requireCaller(tokens: AccessTokens) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const caller = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!caller) {
      throw new HttpError(401, SERVER_AUTH_MESSAGES.unauthorized, {
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    c.set('caller', caller);
    await next();
  });
}
