import { defineDomain } from '#shared/domain-module.ts';
import { businessReads } from './reads.ts';

export const businessDomain = defineDomain({
  name: 'business',
  reads: businessReads,
});
