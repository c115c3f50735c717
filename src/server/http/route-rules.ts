import type { Permission } from '#shared/auth/permissions.ts';

/**
 * Who may call each route: anyone ('public'), any signed-in person ('signed-in'), or a person
 * whose role has the permission. Writes and reads declared in a domain
 * (src/domains/<name>/writes.ts and reads.ts) carry their own rule, which the app adds from the
 * declarations (http/write-routes.ts, app.ts); the routes no domain owns have their line here.
 * The guard refuses a route without a rule, and tests/server/route-rules.test.ts fails when a
 * route is added without one. Keys are the method and the path as the app registers it.
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
  // The business's changes as they commit (Server-Sent Events), for every device signed in.
  'GET /api/v1/live': 'signed-in',
  // Files: a product's image, an invoice; any bytes, not a JSON read.
  'POST /api/v1/upload': 'catalogue.edit',
  'GET /api/v1/upload/:id': 'signed-in',
  // Each write in a batch is run as its own request, through these same rules.
  'POST /api/v1/batch': 'signed-in',
};
