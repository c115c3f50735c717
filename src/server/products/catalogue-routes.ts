import { Hono } from 'hono';
import { importedFrom } from '#domains/imports/job.ts';
import {
  type ChangesCheck,
  checkNewProduct,
  checkProductChanges,
  PRODUCT_MESSAGES,
  type ProductHistory,
} from '#domains/products/product-write.ts';
import {
  createProductWrite,
  deleteProductWrite,
  duplicateProductWrite,
  editProductWrite,
} from '#domains/products/writes.ts';
import type { DefinitionsCache } from '../custom-fields/definitions-cache.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serialIdOf, serialIdParam } from '../http/params.ts';
import type { WriteAnswer, WriteRoutes } from '../http/write-routes.ts';
import { findProduct, productHistory } from './catalogue-repository.ts';
import {
  createCatalogueProduct,
  deleteCatalogueProduct,
  duplicateProduct,
  type ProductEdit,
  patchProduct,
  patchProducts,
} from './catalogue-writes.ts';
import { toEnhancedProduct } from './enhanced-inventory.ts';

/**
 * The app's catalogue writes and a product's history (its feed: catalogue-feed.ts):
 * - POST /catalogue/products {fields, client_ref?} → 201 the product (the same when the product
 *   of that client_ref was made before: the same create sent again, under any key);
 * - PATCH /catalogue/products/{id} {base_version, changes} → 200, 409 {message, conflicts,
 *   current} when a field changed since to another value, 404 when the product is gone;
 * - POST /catalogue/products/{id}/duplicate {changes?, client_ref?} → 201 '{name} (Copy)' placed
 *   after the original, with any edits made to the copy before it was sent;
 * - DELETE /catalogue/products/{id} → 204;
 * - GET /catalogue/products/{id}/history → its changes, newest first.
 * Invalid values answer 400 {message, errors, fields: {key: message}}.
 */
function valid(check: ChangesCheck) {
  if (check.ok) return check.changes;
  throw new HttpError(400, PRODUCT_MESSAGES.invalid, {
    errors: Object.values(check.errors),
    extra: { fields: check.errors },
  });
}

export function catalogueRoutes(deps: Deps, productFields: DefinitionsCache, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();

  const definitions = (db: Db, businessId: string) => productFields.read(db, businessId, 'product');
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  writes.add(createProductWrite, async (c, { fields, client_ref: clientRef }) => {
    const caller = c.get('caller');
    const changes = valid(checkNewProduct(fields, await definitions(c.var.db, caller.businessId)));
    const made = await createCatalogueProduct(c.var.db, context(caller), changes, { clientRef });
    return c.json(toEnhancedProduct(made.row), 201);
  });

  // Refusals are answered by checks, or by a merge that wrote nothing: a replay's edits of
  // many products are made many at once (patchProducts), each answered as alone.
  writes.add(
    editProductWrite,
    async (c, patch, params) => {
      const caller = c.get('caller');
      const id = serialIdParam(params.id);
      const changes = valid(
        checkProductChanges(patch.changes, await definitions(c.var.db, caller.businessId)),
      );
      const outcome = await patchProduct(
        c.var.db,
        context(caller),
        id,
        patch.base_version,
        changes,
      );
      if (outcome.status === 'missing') throw new HttpError(404, PRODUCT_MESSAGES.deleted);
      if (outcome.status === 'conflict') {
        throw new HttpError(409, PRODUCT_MESSAGES.conflict, {
          extra: { conflicts: outcome.conflicts, current: toEnhancedProduct(outcome.row) },
        });
      }
      return c.json(toEnhancedProduct(outcome.row));
    },
    {
      many: async ({ db, caller }, writes) => {
        const known = await definitions(db, caller.businessId);
        // Each product once, with values that pass: a second edit of one, or one to refuse,
        // runs alone after these, as it would have been sent.
        const taken: { index: number; edit: ProductEdit }[] = [];
        const named = new Set<number>();
        for (const [index, { body, params }] of writes.entries()) {
          const id = serialIdOf(params.id);
          const check = checkProductChanges(body.changes, known);
          if (id === null || !check.ok || named.has(id)) continue;
          named.add(id);
          taken.push({
            index,
            edit: { id, baseVersion: body.base_version, changes: check.changes },
          });
        }
        const outcomes = await patchProducts(
          db,
          context(caller),
          taken.map(({ edit }) => edit),
        );
        const answers: (WriteAnswer | null)[] = writes.map(() => null);
        for (const [n, outcome] of outcomes.entries()) {
          const { index } = taken[n] as (typeof taken)[number];
          if (outcome.status === 'saved') {
            answers[index] = { status: 200, body: toEnhancedProduct(outcome.row) };
          }
        }
        return answers;
      },
    },
  );

  writes.add(duplicateProductWrite, async (c, { changes, client_ref: clientRef }, params) => {
    const caller = c.get('caller');
    const id = serialIdParam(params.id);
    const edits = valid(
      checkProductChanges(changes ?? {}, await definitions(c.var.db, caller.businessId)),
    );
    const made = await duplicateProduct(c.var.db, context(caller), id, edits, clientRef);
    if (!made) throw new HttpError(404, PRODUCT_MESSAGES.deleted);
    return c.json(toEnhancedProduct(made.row), 201);
  });

  writes.add(deleteProductWrite, async (c, _body, params) => {
    const removed = await deleteCatalogueProduct(
      c.var.db,
      context(c.get('caller')),
      serialIdParam(params.id),
    );
    if (!removed) throw new HttpError(404, PRODUCT_MESSAGES.deleted);
    return c.body(null, 204);
  });

  app.get('/products/:id/history', async (c) => {
    const { businessId } = c.get('caller');
    const id = serialIdParam(c.req.param('id'));
    const history = await productHistory(c.var.db, businessId, id);
    if (history.length === 0 && !(await findProduct(c.var.db, businessId, id))) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    const answer: ProductHistory = {
      changes: history.map((change) => ({
        at: change.at.toISOString(),
        kind: change.kind,
        by: change.by,
        version: change.version,
        fields: change.fields,
        ...(change.reason === null ? {} : { reason: change.reason, note: change.note }),
        ...(change.importedFrom === null ? {} : { source: importedFrom(change.importedFrom) }),
      })),
    };
    return c.json(answer);
  });

  return app;
}
