import { defineRead } from '#shared/read-declaration.ts';
import { ImportJobAnswerSchema } from './job.ts';

/** How far an import has gone, for the screen that applies it (online). */
export const importJobRead = defineRead({
  route: '/imports/:id',
  access: 'catalogue.edit',
  answer: ImportJobAnswerSchema,
  caching: 'network-first',
});

export const importReads = [importJobRead];
