import type { Permission } from '#shared/auth/permissions.ts';

/**
 * Who may call each route: anyone ('public'), any signed-in person ('signed-in'), or a person
 * whose role has the permission. Writes declared in a domain (src/domains/<name>/writes.ts)
 * carry their own rule, which their registration adds (http/write-routes.ts); every other route
 * has its line here. The guard refuses a route without a rule, and
 * tests/server/route-rules.test.ts fails when a route is added without one. Keys are the method
 * and the path as the app registers it.
 */
export type RouteRule = 'public' | 'signed-in' | Permission;

export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  'GET /api/v1/health': 'public',
  // The same health check where load balancers ask by habit, outside the API.
  'GET /health': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/refresh': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/invitation': 'public',
  'POST /api/v1/auth/accept-invite': 'public',

  'GET /api/v1/user/profile': 'signed-in',
  'GET /api/v1/business/profile': 'signed-in',

  'GET /api/v1/team': 'team.manage',

  'GET /api/v1/inventory/enhanced': 'signed-in',
  'GET /api/v1/dashboard': 'signed-in',
  // The business's changes as they commit (Server-Sent Events), for every device signed in.
  'GET /api/v1/live': 'signed-in',
  // Column preferences are each person's own.
  'GET /api/v1/preferences/columns/:table': 'signed-in',
  'GET /api/v1/preferences/columns/:table/visible': 'signed-in',
  'GET /api/v1/preferences/columns/:table/defaults': 'signed-in',
  'GET /api/v1/preferences/columns/:table/stats': 'signed-in',
  'GET /api/v1/preferences/inventory-settings': 'signed-in',

  'GET /api/v1/custom-fields/definitions/:entityType': 'signed-in',

  'GET /api/v1/catalogue/products/:id/history': 'signed-in',
  'GET /api/v1/catalogue/changes': 'signed-in',
  'POST /api/v1/upload': 'catalogue.edit',
  'GET /api/v1/imports/:id': 'catalogue.edit',
  'GET /api/v1/upload/:id': 'signed-in',

  'GET /api/v1/stock/products/:id/movements': 'signed-in',
  'GET /api/v1/sales/products/:id/summary': 'signed-in',
  'GET /api/v1/sales/settings': 'signed-in',
  'GET /api/v1/sales/approvals/unconfirmed': 'sales.refund',
  'GET /api/v1/sales': 'signed-in',
  'GET /api/v1/sales/receipts/:receipt': 'signed-in',
  'GET /api/v1/stocktakes': 'signed-in',
  'GET /api/v1/stocktakes/:id': 'signed-in',

  // Each write in a batch is run as its own request, through these same rules.
  'POST /api/v1/batch': 'signed-in',
};
