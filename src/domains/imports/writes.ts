import { defineWrite } from '#shared/write-declaration.ts';
import { ImportRowsSchema, ImportStartSchema } from './job.ts';

/**
 * The writes of an import. Applying needs the connection (the dry run does not): they are sent at
 * once, not queued, by the catalogue's editors. Both may be sent again: the job by its id, a
 * row by its number in the job.
 */
export const startImportWrite = defineWrite({
  op: 'import.start',
  method: 'POST',
  route: '/imports',
  access: 'catalogue.edit',
  body: ImportStartSchema,
  role: 'append',
});

export const importRowsWrite = defineWrite({
  op: 'import.rows',
  method: 'POST',
  route: '/imports/:id/rows',
  access: 'catalogue.edit',
  body: ImportRowsSchema,
  role: 'append',
});
