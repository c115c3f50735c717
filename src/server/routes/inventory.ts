import { Hono } from 'hono';
import { requireCaller } from '../auth/require-caller.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { catalogueVersion, listCatalogue } from '../products/catalogue-repository.ts';
import { catalogueEtag, matchesEtag, toEnhancedProduct } from '../products/enhanced-inventory.ts';

/**
 * GET /inventory/enhanced: the caller's whole catalogue. A matching If-None-Match costs one
 * indexed lookup and answers 304; otherwise the serialised answer is kept per catalogue version,
 * so repeated loads of an unchanged catalogue are not rebuilt.
 */
const CACHE_ENTRIES = 8;

export function inventoryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const cache = new Map<string, string>();

  app.use('*', requireCaller(deps.tokens));
  app.get('/enhanced', async (c) => {
    const { businessId } = c.get('caller');
    const version = await catalogueVersion(deps.db, businessId);
    if (version === undefined) throw new HttpError(404, MESSAGES.notFound);
    const etag = catalogueEtag(businessId, version);
    // Revalidate every time: the catalogue may change between two loads.
    c.header('ETag', etag);
    c.header('Cache-Control', 'private, no-cache');
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);

    let body = cache.get(etag);
    if (!body) {
      const rows = await listCatalogue(deps.db, businessId);
      body = JSON.stringify({ products: rows.map(toEnhancedProduct) });
      cache.set(etag, body);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(body);
  });
  return app;
}
