import type { ExampleProduct } from '#domains/products/example-payloads.ts';
import {
  createExampleProductWrite,
  deleteExampleProductWrite,
  updateExampleProductWrite,
} from '#domains/products/writes.ts';
import type { Deps } from '../deps.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serialIdParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import type { ProductRow } from './catalogue-repository.ts';
import {
  createCatalogueProduct,
  deleteCatalogueProduct,
  patchProduct,
} from './catalogue-writes.ts';

/**
 * The product calls of the API Examples page (spec section 7): POST /products {name, price,
 * description} → 201, PUT /products/{id} {name, price}, DELETE /products/{id} → 204. They write
 * the real catalogue (the price is the list price) through the same product writes as the app,
 * so a change made here has its version and its History line, and other devices see it in the
 * changes feed. A PUT carries no version: it changes the product as it is now.
 */
const toMoney = (price: number) => price.toFixed(2);

function toExampleProduct(row: ProductRow): ExampleProduct {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.listPrice),
    description: row.description ?? '',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function exampleProductRoutes(deps: Deps, writes: WriteRoutes) {
  const context = (c: { get(key: 'caller'): { businessId: string; userId: string } }) => ({
    businessId: c.get('caller').businessId,
    userId: c.get('caller').userId,
    now: deps.now(),
  });

  writes.add(createExampleProductWrite, async (c, body) => {
    const { row } = await createCatalogueProduct(c.var.db, context(c), {
      name: body.name,
      list_price: toMoney(body.price),
      ...(body.description ? { description: body.description } : {}),
    });
    return c.json(toExampleProduct(row), 201);
  });

  writes.add(updateExampleProductWrite, async (c, body, params) => {
    const id = serialIdParam(params.id);
    const outcome = await patchProduct(c.var.db, context(c), id, 'current', {
      name: body.name,
      list_price: toMoney(body.price),
    });
    if (outcome.status !== 'saved') throw new HttpError(404, MESSAGES.notFound);
    return c.json(toExampleProduct(outcome.row));
  });

  writes.add(deleteExampleProductWrite, async (c, _body, params) => {
    const id = serialIdParam(params.id);
    if (!(await deleteCatalogueProduct(c.var.db, context(c), id))) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    return c.body(null, 204);
  });
}
