import { defineRead } from '#shared/read-declaration.ts';
import { CustomFieldListAnswerSchema } from './definition.ts';

export const customFieldsRead = defineRead({
  route: '/custom-fields/definitions/:entityType',
  access: 'signed-in',
  answer: CustomFieldListAnswerSchema,
  caching: 'network-first',
});

export const customFieldReads = [customFieldsRead];
