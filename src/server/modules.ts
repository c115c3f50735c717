import { alertsServer } from './alerts/module.ts';
import { businessServer } from './business/module.ts';
import { customFieldsServer } from './custom-fields/module.ts';
import { customerOrdersServer } from './customer-orders/module.ts';
import { customersServer } from './customers/module.ts';
import { dashboardServer } from './dashboard/module.ts';
import type { ServerDomain } from './domain-module.ts';
import { eventsServer } from './events/module.ts';
import { importsServer } from './imports/module.ts';
import { preferencesServer } from './preferences/module.ts';
import { productsServer } from './products/module.ts';
import { purchasingServer } from './purchasing/module.ts';
import { reportsServer } from './reports/module.ts';
import { salesServer } from './sales/module.ts';
import { stockServer } from './stock/module.ts';
import { stocktakesServer } from './stocktakes/module.ts';
import { teamServer } from './team/module.ts';
import { uploadsServer } from './uploads/module.ts';

/** Every domain on the server, one line each: a new domain is its module plus one line here. */
export const SERVER_DOMAINS: readonly ServerDomain[] = [
  businessServer,
  teamServer,
  preferencesServer,
  customFieldsServer,
  customersServer,
  customerOrdersServer,
  eventsServer,
  dashboardServer,
  alertsServer,
  reportsServer,
  productsServer,
  stockServer,
  purchasingServer,
  salesServer,
  stocktakesServer,
  importsServer,
  uploadsServer,
];

/** Every feed the one pull answers. */
export const SERVER_FEEDS = SERVER_DOMAINS.flatMap((domain) => domain.feeds ?? []);
