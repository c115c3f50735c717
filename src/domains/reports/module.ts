import { defineDomain } from '#shared/domain-module.ts';
import { reportsReads } from './reads.ts';

export const reportsDomain = defineDomain({
  name: 'reports',
  reads: reportsReads,
});
