import { defineDomain } from '#shared/domain-module.ts';
import { teamReads } from './reads.ts';

export const teamDomain = defineDomain({
  name: 'team',
  reads: teamReads,
});
