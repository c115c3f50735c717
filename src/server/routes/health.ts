import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';

/** GET /health: the process answers and its database too. */
export function healthRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/', async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok', db: deps.dbKind });
  });
  return app;
}
