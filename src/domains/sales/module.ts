import { defineDomain } from '#shared/domain-module.ts';
import { salesReads } from './reads.ts';

export const salesDomain = defineDomain({
  name: 'sales',
  reads: salesReads,
});
