import { defineWrite } from '#shared/write-declaration.ts';
import { SupplierCreateSchema, SupplierPatchSchema } from './supplier.ts';

/** A supplier made, and edited field by field (supplier.ts). */
export const createSupplierWrite = defineWrite({
  op: 'supplier.create',
  method: 'POST',
  route: '/suppliers',
  access: 'purchasing.manage',
  body: SupplierCreateSchema,
  role: 'create',
});

export const editSupplierWrite = defineWrite({
  op: 'supplier.update',
  method: 'PATCH',
  route: '/suppliers/:id',
  access: 'purchasing.manage',
  body: SupplierPatchSchema,
  role: 'update',
});
