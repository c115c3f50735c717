import { defineDomain } from '#shared/domain-module.ts';
import { dashboardReads } from './reads.ts';

export const dashboardDomain = defineDomain({
  name: 'dashboard',
  reads: dashboardReads,
});
