import type { Permission } from '#shared/auth/permissions.ts';

/**
 * Who may call each route: anyone ('public'), any signed-in person ('signed-in'), or a person
 * whose role has the permission. Every route of the API has its line here; the guard refuses a
 * route without one, and tests/server/route-rules.test.ts fails when a route is added without.
 * Keys are the method and the path as the app registers it.
 */
export type RouteRule = 'public' | 'signed-in' | Permission;

export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  'GET /api/v1/health': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/refresh': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/invitation': 'public',
  'POST /api/v1/auth/accept-invite': 'public',

  'GET /api/v1/user/profile': 'signed-in',
  'GET /api/v1/business/profile': 'signed-in',
  'PUT /api/v1/business/profile': 'profile.manage',

  'GET /api/v1/team': 'team.manage',
  'POST /api/v1/team/invitations': 'team.manage',
  'POST /api/v1/team/invitations/:id/resend': 'team.manage',
  'DELETE /api/v1/team/invitations/:id': 'team.manage',
  'PATCH /api/v1/team/people/:id': 'team.manage',

  'GET /api/v1/inventory/enhanced': 'signed-in',
  'GET /api/v1/dashboard': 'signed-in',
  // Column preferences are each person's own.
  'GET /api/v1/preferences/columns/:table': 'signed-in',
  'GET /api/v1/preferences/columns/:table/visible': 'signed-in',
  'GET /api/v1/preferences/columns/:table/defaults': 'signed-in',
  'GET /api/v1/preferences/columns/:table/stats': 'signed-in',
  'PUT /api/v1/preferences/columns/:table': 'signed-in',
  'GET /api/v1/preferences/inventory-settings': 'signed-in',
  'PUT /api/v1/preferences/inventory-settings': 'settings.manage',

  'GET /api/v1/custom-fields/definitions/:entityType': 'signed-in',
  'POST /api/v1/custom-fields/definitions': 'fields.manage',
  'PUT /api/v1/custom-fields/definitions/:id': 'fields.manage',
  'DELETE /api/v1/custom-fields/definitions/:id': 'fields.manage',

  'POST /api/v1/products': 'catalogue.edit',
  'PUT /api/v1/products/:id': 'catalogue.edit',
  'DELETE /api/v1/products/:id': 'catalogue.edit',
  'POST /api/v1/catalogue/products': 'catalogue.edit',
  'PATCH /api/v1/catalogue/products/:id': 'catalogue.edit',
  'POST /api/v1/catalogue/products/:id/duplicate': 'catalogue.edit',
  'DELETE /api/v1/catalogue/products/:id': 'catalogue.edit',
  'GET /api/v1/catalogue/products/:id/history': 'signed-in',
  'GET /api/v1/catalogue/changes': 'signed-in',
  'POST /api/v1/upload': 'catalogue.edit',
  'GET /api/v1/upload/:id': 'signed-in',

  'POST /api/v1/stock/products/:id/movements': 'stock.adjust',
  'GET /api/v1/stock/products/:id/movements': 'signed-in',
  'POST /api/v1/stocktakes': 'stocktake.manage',
  'GET /api/v1/stocktakes': 'signed-in',
  'GET /api/v1/stocktakes/:id': 'signed-in',
  'PUT /api/v1/stocktakes/:id/lines': 'stocktake.count',
  'POST /api/v1/stocktakes/:id/close': 'stocktake.manage',
  'POST /api/v1/stocktakes/:id/cancel': 'stocktake.manage',

  // Each write in a batch is run as its own request, through these same rules.
  'POST /api/v1/batch': 'signed-in',
};
