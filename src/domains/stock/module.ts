import { defineDomain } from '#shared/domain-module.ts';
import { stockReads } from './reads.ts';

export const stockDomain = defineDomain({
  name: 'stock',
  reads: stockReads,
});
