import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { Hono } from 'hono';
import { requireCaller } from '../auth/require-caller.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { catalogueVersion, listCatalogue } from '../products/catalogue-repository.ts';
import { catalogueEtags, matchesEtag, toEnhancedProduct } from '../products/enhanced-inventory.ts';

const gzip = promisify(gzipCallback);

/**
 * GET /inventory/enhanced: the caller's whole catalogue. A matching If-None-Match costs one
 * indexed lookup and answers 304. Otherwise the answer is built once per catalogue version and
 * kept, as JSON and gzipped, so repeated loads of an unchanged catalogue are neither rebuilt
 * nor compressed again.
 */
const CACHE_ENTRIES = 8;

interface CachedAnswer {
  json: string;
  gzipped: Promise<Buffer>;
}

export function inventoryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const cache = new Map<string, CachedAnswer>();

  async function answerFor(businessId: string, key: string): Promise<CachedAnswer> {
    const cached = cache.get(key);
    if (cached) return cached;
    const rows = await listCatalogue(deps.db, businessId);
    const json = JSON.stringify({ products: rows.map(toEnhancedProduct) });
    const answer = { json, gzipped: gzip(json) };
    cache.set(key, answer);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return answer;
  }

  app.use('*', requireCaller(deps.tokens));
  app.get('/enhanced', async (c) => {
    const { businessId } = c.get('caller');
    const version = await catalogueVersion(deps.db, businessId);
    if (version === undefined) throw new HttpError(404, MESSAGES.notFound);
    const etags = catalogueEtags(businessId, version);
    const wantsGzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    c.header('ETag', wantsGzip ? etags.gzip : etags.identity);
    // Revalidate every time: the catalogue may change between two loads.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Accept-Encoding');
    if (matchesEtag(c.req.header('if-none-match'), [etags.identity, etags.gzip])) {
      return c.body(null, 304);
    }
    const answer = await answerFor(businessId, etags.identity);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    if (!wantsGzip) return c.body(answer.json);
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(await answer.gzipped));
  });
  return app;
}
