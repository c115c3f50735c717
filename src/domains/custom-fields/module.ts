import { defineDomain } from '#shared/domain-module.ts';
import { customFieldReads } from './reads.ts';

export const customFieldsDomain = defineDomain({
  name: 'custom-fields',
  reads: customFieldReads,
});
