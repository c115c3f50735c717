import { Hono } from 'hono';
import {
  normalizePreferences,
  PREFERENCE_TABLES,
} from '#domains/preferences/column-preferences.ts';
import { saveColumnsWrite, saveInventorySettingsWrite } from '#domains/preferences/writes.ts';
import { isKnownColumn } from '#domains/products/columns.ts';
import { productFieldKeys } from '../custom-fields/repository.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { preferencesAnswer, replacePreferences } from './column-preferences-repository.ts';
import { readInventorySettings, saveInventorySettings } from './inventory-settings-repository.ts';

/**
 * Preferences per user (spec section 7): column preferences per table, with the /visible,
 * /defaults and /stats views, and the inventory settings. Only the 'products' table exists;
 * another answers 404.
 */
export function preferenceRoutes(deps: Deps, reads: ReadCache, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();

  function tableOf(name: string) {
    if (!(PREFERENCE_TABLES as readonly string[]).includes(name)) {
      throw new HttpError(404, `No column preferences for the table "${name}"`);
    }
    return name;
  }

  function answer(db: Db, userId: string, businessId: string, table: string) {
    return reads.read(`column-preferences:${userId}:${table}`, async () =>
      preferencesAnswer(db, userId, table, await productFieldKeys(db, businessId)),
    );
  }

  app.get('/columns/:table', async (c) => {
    const { userId, businessId } = c.get('caller');
    return c.json(await answer(c.var.db, userId, businessId, tableOf(c.req.param('table'))));
  });
  app.get('/columns/:table/visible', async (c) => {
    const { userId, businessId } = c.get('caller');
    const { visible_columns } = await answer(
      c.var.db,
      userId,
      businessId,
      tableOf(c.req.param('table')),
    );
    return c.json({ visible_columns });
  });
  app.get('/columns/:table/defaults', async (c) => {
    const { userId, businessId } = c.get('caller');
    const { defaults } = await answer(c.var.db, userId, businessId, tableOf(c.req.param('table')));
    return c.json({ defaults });
  });
  app.get('/columns/:table/stats', async (c) => {
    const { userId, businessId } = c.get('caller');
    const { stats } = await answer(c.var.db, userId, businessId, tableOf(c.req.param('table')));
    return c.json({ stats });
  });

  writes.add(saveColumnsWrite, async (c, { preferences }, params) => {
    const { userId, businessId } = c.get('caller');
    const table = tableOf(params.table);
    const normalized = normalizePreferences(preferences);
    const customKeys = new Set(await productFieldKeys(c.var.db, businessId));
    const unknown = normalized
      .map((preference) => preference.column_key)
      .filter((key) => !isKnownColumn(key, customKeys));
    if (unknown.length > 0) {
      throw new HttpError(400, `Unknown column: ${unknown.join(', ')}`, { errors: unknown });
    }
    await replacePreferences(c.var.db, userId, table, normalized, deps.now());
    return c.json(await answer(c.var.db, userId, businessId, table));
  });

  app.get('/inventory-settings', async (c) =>
    c.json(await readInventorySettings(c.var.db, c.get('caller').userId)),
  );
  writes.add(saveInventorySettingsWrite, async (c, settings) => {
    const { userId } = c.get('caller');
    const now = deps.now();
    await saveInventorySettings(c.var.db, userId, settings, now);
    return c.json({ ...settings, savedAt: now.toISOString() });
  });

  return app;
}
