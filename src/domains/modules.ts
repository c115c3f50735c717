import type { DomainModule } from '#shared/domain-module.ts';
import { PULL_ROUTE, pullAnswerSchema } from '#shared/feed-declaration.ts';
import { defineRead, type ReadDeclaration, routeMatches } from '#shared/read-declaration.ts';
import { alertsDomain } from './alerts/module.ts';
import { businessDomain } from './business/module.ts';
import { customFieldsDomain } from './custom-fields/module.ts';
import { customerOrdersDomain } from './customer-orders/module.ts';
import { customersDomain } from './customers/module.ts';
import { dashboardDomain } from './dashboard/module.ts';
import { eventsDomain } from './events/module.ts';
import { importsDomain } from './imports/module.ts';
import { preferencesDomain } from './preferences/module.ts';
import { productsDomain } from './products/module.ts';
import { purchasingDomain } from './purchasing/module.ts';
import { reportsDomain } from './reports/module.ts';
import { salesDomain } from './sales/module.ts';
import { stockDomain } from './stock/module.ts';
import { stocktakesDomain } from './stocktakes/module.ts';
import { teamDomain } from './team/module.ts';

/** Every domain, one line each: a new domain is its module plus one line here. */
export const DOMAINS: readonly DomainModule[] = [
  alertsDomain,
  businessDomain,
  customerOrdersDomain,
  customersDomain,
  customFieldsDomain,
  dashboardDomain,
  eventsDomain,
  importsDomain,
  preferencesDomain,
  productsDomain,
  purchasingDomain,
  reportsDomain,
  salesDomain,
  stockDomain,
  stocktakesDomain,
  teamDomain,
];

/** Every feed: the one pull answers them (server/sync/pull-routes.ts). */
export const FEEDS = DOMAINS.flatMap((domain) => domain.feeds ?? []);

/** GET /changes?{feed}={cursor}…: every feed asked, in one answer. */
export const pullRead = defineRead({
  route: PULL_ROUTE,
  access: 'signed-in',
  answer: pullAnswerSchema(FEEDS),
  // The device keeps what it pulls in IndexedDB; an old answer applied again would undo newer ones.
  caching: 'never',
});

/**
 * Every read: the server takes their route rules from here (app.ts) and the service worker how
 * it keeps their answers (sw/sw.ts).
 */
export const READS: readonly ReadDeclaration[] = [
  ...DOMAINS.flatMap((domain) => domain.reads),
  pullRead,
];

/** The declared read a path under /api/v1 asks, if any. */
export const readOf = (path: string): ReadDeclaration | undefined =>
  READS.find((read) => routeMatches(read.route, path));
