import { defineWrite } from '#shared/write-declaration.ts';
import { CreateProductSchema, UpdateProductSchema } from './example-payloads.ts';
import {
  ProductCreateSchema,
  ProductDuplicateSchema,
  ProductPatchSchema,
} from './product-write.ts';

/**
 * Every way a product is written. The app's own writes go through the outbox: a new product,
 * an edit of some of its fields (based on the version the device held), a copy and a delete.
 * The API Examples page's calls (spec section 7) write the same catalogue, by the same rules.
 */
export const createProductWrite = defineWrite({
  op: 'product.create',
  method: 'POST',
  route: '/catalogue/products',
  access: 'catalogue.edit',
  body: ProductCreateSchema,
  role: 'create',
});

export const editProductWrite = defineWrite({
  op: 'product.update',
  method: 'PATCH',
  route: '/catalogue/products/:id',
  access: 'catalogue.edit',
  body: ProductPatchSchema,
  role: 'update',
});

export const duplicateProductWrite = defineWrite({
  op: 'product.duplicate',
  method: 'POST',
  route: '/catalogue/products/:id/duplicate',
  access: 'catalogue.edit',
  body: ProductDuplicateSchema,
  role: 'create',
});

export const deleteProductWrite = defineWrite({
  op: 'product.delete',
  method: 'DELETE',
  route: '/catalogue/products/:id',
  access: 'catalogue.edit',
  body: null,
  role: 'delete',
});

export const createExampleProductWrite = defineWrite({
  op: 'product.example-create',
  method: 'POST',
  route: '/products',
  access: 'catalogue.edit',
  body: CreateProductSchema,
  role: 'create',
});

export const updateExampleProductWrite = defineWrite({
  op: 'product.example-update',
  method: 'PUT',
  route: '/products/:id',
  access: 'catalogue.edit',
  body: UpdateProductSchema,
  role: 'update',
});

export const deleteExampleProductWrite = defineWrite({
  op: 'product.example-delete',
  method: 'DELETE',
  route: '/products/:id',
  access: 'catalogue.edit',
  body: null,
  role: 'delete',
});
