import { defineDomain } from '#shared/domain-module.ts';
import { alertsReads } from './reads.ts';

export const alertsDomain = defineDomain({
  name: 'alerts',
  reads: alertsReads,
});
