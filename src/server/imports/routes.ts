import { Hono } from 'hono';
import { IMPORT_JOB_MESSAGES } from '#domains/imports/job.ts';
import { importRowsWrite, startImportWrite } from '#domains/imports/writes.ts';
import type { DefinitionsCache } from '../custom-fields/definitions-cache.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { applyImportRows, importJob, startImport } from './import-jobs.ts';

/**
 * Imports of product files, by the catalogue's editors:
 * - POST /imports {id, file_name, match_by, set_stock, row_count} → 201 the job; the same job
 *   again → 200 as it now is; 409 when the id is another import's.
 * - POST /imports/{id}/rows {rows} (at most MAX_IMPORT_BATCH) → 200 {results, job}: each row's
 *   outcome, a row applied before answered as it was; 404 when the job is not the business's.
 * - GET /imports/{id} → {job, rows}: every row applied so far, for an import to resume.
 */
export function importRoutes(deps: Deps, productFields: DefinitionsCache, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  writes.add(startImportWrite, async (c, start) => {
    const outcome = await startImport(c.var.db, context(c.get('caller')), start);
    if (outcome.status === 'taken') throw new HttpError(409, IMPORT_JOB_MESSAGES.taken);
    // Started before (sent again under another key): answered as it now stands.
    return c.json(outcome.job, 201);
  });

  writes.add(importRowsWrite, async (c, { rows }, params) => {
    const caller = c.get('caller');
    const id = uuidParam(params.id, IMPORT_JOB_MESSAGES.missing);
    const definitions = await productFields.read(c.var.db, caller.businessId, 'product');
    const outcome = await applyImportRows(c.var.db, context(caller), id, rows, definitions);
    if (outcome.status === 'missing') throw new HttpError(404, IMPORT_JOB_MESSAGES.missing);
    return c.json({ results: outcome.results, job: outcome.job });
  });

  app.get('/:id', async (c) => {
    const id = uuidParam(c.req.param('id'), IMPORT_JOB_MESSAGES.missing);
    const job = await importJob(c.var.db, c.get('caller').businessId, id);
    if (!job) throw new HttpError(404, IMPORT_JOB_MESSAGES.missing);
    return c.json(job);
  });

  return app;
}
