import { Hono } from 'hono';
import { SUPPLIER_MESSAGES } from '#domains/purchasing/supplier.ts';
import { createSupplierWrite, editSupplierWrite } from '#domains/purchasing/writes.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { createSupplier, listSuppliers, patchSupplier, toSupplier } from './suppliers.ts';

/**
 * Suppliers (#domains/purchasing/supplier.ts):
 * - GET /suppliers → {suppliers}, by name;
 * - POST /suppliers {id, name, …} → 201 {supplier} (the same again → 200; an id of another
 *   supplier → 409);
 * - PATCH /suppliers/{id} {base_version, changes} → 200 {supplier}; 409 {message, conflicts,
 *   current} when a field changed since to another value; 404 for another business's.
 */
export function supplierRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  app.get('/', async (c) => {
    const rows = await listSuppliers(c.var.db, c.get('caller').businessId);
    return c.json({ suppliers: rows.map(toSupplier) });
  });

  writes.add(createSupplierWrite, async (c, create) => {
    const outcome = await createSupplier(c.var.db, context(c.get('caller')), create);
    if (outcome.status === 'taken') throw new HttpError(409, SUPPLIER_MESSAGES.idTaken);
    return c.json({ supplier: toSupplier(outcome.row) }, outcome.status === 'created' ? 201 : 200);
  });

  writes.add(editSupplierWrite, async (c, { base_version, changes }, params) => {
    const id = uuidParam(params.id, SUPPLIER_MESSAGES.notFound);
    const outcome = await patchSupplier(
      c.var.db,
      context(c.get('caller')),
      id,
      base_version,
      changes,
    );
    if (outcome.status === 'missing') throw new HttpError(404, SUPPLIER_MESSAGES.notFound);
    if (outcome.status === 'conflict') {
      throw new HttpError(409, SUPPLIER_MESSAGES.conflict, {
        extra: { conflicts: outcome.conflicts, current: toSupplier(outcome.row) },
      });
    }
    return c.json({ supplier: toSupplier(outcome.row) });
  });

  return app;
}
