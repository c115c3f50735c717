import { type ReadDeclaration, routeMatches } from '#shared/read-declaration.ts';
import { businessReads } from './business/reads.ts';
import { customFieldReads } from './custom-fields/reads.ts';
import { dashboardReads } from './dashboard/reads.ts';
import { pullRead } from './feeds.ts';
import { importReads } from './imports/reads.ts';
import { preferenceReads } from './preferences/reads.ts';
import { productReads } from './products/reads.ts';
import { salesReads } from './sales/reads.ts';
import { stockReads } from './stock/reads.ts';
import { stocktakeReads } from './stocktakes/reads.ts';
import { teamReads } from './team/reads.ts';

/**
 * Every domain's reads, one line each: the server takes their route rules from here (app.ts) and
 * the service worker how it keeps their answers (sw/sw.ts). A new domain's reads are one line.
 */
export const READS: readonly ReadDeclaration[] = [
  ...businessReads,
  ...customFieldReads,
  ...dashboardReads,
  ...importReads,
  ...preferenceReads,
  ...productReads,
  ...salesReads,
  ...stockReads,
  ...stocktakeReads,
  ...teamReads,
  pullRead,
];

/** The declared read a path under /api/v1 asks, if any. */
export const readOf = (path: string): ReadDeclaration | undefined =>
  READS.find((read) => routeMatches(read.route, path));
