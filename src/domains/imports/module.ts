import { defineDomain } from '#shared/domain-module.ts';
import { importReads } from './reads.ts';

export const importsDomain = defineDomain({
  name: 'imports',
  reads: importReads,
});
