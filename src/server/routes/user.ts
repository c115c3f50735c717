import { Hono } from 'hono';
import { findAuthUser } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';

/** GET /user/profile: the signed-in user. */
export function userRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/profile', async (c) => {
    const caller = c.get('caller');
    const user = await findAuthUser(deps.db, caller.userId, caller.businessId);
    if (!user) throw new HttpError(404, MESSAGES.notFound);
    return c.json(user);
  });
  return app;
}
