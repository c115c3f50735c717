import { Hono } from 'hono';
import {
  CreateProductSchema,
  type ExampleProduct,
  UpdateProductSchema,
} from '#domains/products/example-payloads.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { idempotentWrites } from '../http/idempotency.ts';
import { serialIdParam } from '../http/params.ts';
import { readJson } from '../http/read-json.ts';
import {
  createProduct,
  deleteProduct,
  type ProductRow,
  updateProduct,
} from '../products/catalogue-repository.ts';

/**
 * The product calls of the API Examples page (spec section 7): POST /products {name, price,
 * description} → 201, PUT /products/{id} {name, price}, DELETE /products/{id} → 204. They write
 * the real catalogue (the price is the list price), so the product shows up in Inventory.
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

export function productRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', idempotentWrites(deps));

  app.post('/', async (c) => {
    const body = await readJson(c, CreateProductSchema);
    const row = await createProduct(c.var.db, c.get('caller').businessId, {
      name: body.name,
      listPrice: toMoney(body.price),
      description: body.description,
    });
    return c.json(toExampleProduct(row), 201);
  });

  app.put('/:id', async (c) => {
    const id = serialIdParam(c.req.param('id'));
    const body = await readJson(c, UpdateProductSchema);
    const row = await updateProduct(c.var.db, c.get('caller').businessId, id, {
      name: body.name,
      listPrice: toMoney(body.price),
    });
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return c.json(toExampleProduct(row));
  });

  app.delete('/:id', async (c) => {
    const id = serialIdParam(c.req.param('id'));
    if (!(await deleteProduct(c.var.db, c.get('caller').businessId, id))) {
      throw new HttpError(404, MESSAGES.notFound);
    }
    return c.body(null, 204);
  });
  return app;
}
