import { defineWrite } from '#shared/write-declaration.ts';
import { CustomFieldDefinitionSchema, definitionRefusal } from './definition.ts';

/** A business's custom fields: defined, changed, removed (spec section 7). */
export const createCustomFieldWrite = defineWrite({
  op: 'custom-field.create',
  method: 'POST',
  route: '/custom-fields/definitions',
  access: 'fields.manage',
  body: CustomFieldDefinitionSchema,
  refusal: definitionRefusal,
  role: 'create',
});

export const updateCustomFieldWrite = defineWrite({
  op: 'custom-field.update',
  method: 'PUT',
  route: '/custom-fields/definitions/:id',
  access: 'fields.manage',
  body: CustomFieldDefinitionSchema,
  refusal: definitionRefusal,
  role: 'update',
});

export const deleteCustomFieldWrite = defineWrite({
  op: 'custom-field.delete',
  method: 'DELETE',
  route: '/custom-fields/definitions/:id',
  access: 'fields.manage',
  body: null,
  role: 'delete',
});
