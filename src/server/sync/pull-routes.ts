import { Hono } from 'hono';
import * as v from 'valibot';
import { CursorSchema } from '#shared/feed-declaration.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { ServerFeed } from './server-feed.ts';

/**
 * GET /changes?{feed}={cursor}&… → {feed: answer, …}: the one pull (ARCHITECTURE.md section 4).
 * A device asks every feed it keeps at once, each since its own cursor, and gets each feed's
 * answer under its name. An unknown feed or a cursor that is not a version answers 400.
 */
export function pullRoutes(feeds: readonly ServerFeed[], reads: ReadCache) {
  const app = new Hono<AppEnv>();
  const byName = new Map(feeds.map((feed) => [feed.declaration.name, feed]));

  app.get('/', async (c) => {
    const asked: [ServerFeed, number][] = [];
    for (const [name, text] of Object.entries(c.req.queries())) {
      const feed = byName.get(name);
      if (!feed) throw new HttpError(400, `There is no feed called ${name}`);
      const cursor = v.safeParse(CursorSchema, text.length === 1 ? text[0] : '');
      if (!cursor.success) throw new HttpError(400, `The ${name} cursor must be a version number`);
      asked.push([feed, cursor.output]);
    }
    if (asked.length === 0) throw new HttpError(400, 'Ask at least one feed');
    const context = { db: c.var.db, caller: c.get('caller'), reads };
    const answers: Record<string, unknown> = {};
    for (const [feed, cursor] of asked) {
      answers[feed.declaration.name] = await feed.read(context, cursor);
    }
    return c.json(answers);
  });

  return app;
}
