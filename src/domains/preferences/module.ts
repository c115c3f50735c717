import { defineDomain } from '#shared/domain-module.ts';
import { preferenceReads } from './reads.ts';

export const preferencesDomain = defineDomain({
  name: 'preferences',
  reads: preferenceReads,
});
