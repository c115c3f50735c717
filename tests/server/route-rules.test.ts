import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS } from '#domains/modules.ts';
import { routeRules } from '#server/app.ts';
import { can } from '#shared/auth/permissions.ts';
import { ROLES, type Role } from '#shared/auth/schemas.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every route of the API against every role: a route must have a rule (a route added without one
 * fails here), and a signed-in role is refused with 403 exactly where its role lacks the route's
 * permission. What happens after the guard (400 for an empty body, 404 for an unknown id) does
 * not matter here, only whether the role was let through.
 */
let server: TestServer;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await createTestServer();
  for (const role of ROLES) {
    const email = `${role}@rules.test`;
    await server.createUser({ email, password: 'Rules2026x', businessName: 'Rules Cellar', role });
    tokens[role] = (await server.login(email, 'Rules2026x')).accessToken;
  }
});
afterAll(() => server.close());

/** The API's routes as the app registers them: `METHOD /path`, middleware left out. */
function registeredRoutes(): string[] {
  const routes = server.app.routes
    .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)];
}

/**
 * The roles, restated route by route, so that a change to the rules table that gives a
 * role more or less than this fails: owners only; owners and managers; everyone signed in.
 */
const OWNERS: readonly string[] = ['PUT /api/v1/business/profile'];
const MANAGERS: readonly string[] = [
  'GET /api/v1/team',
  'POST /api/v1/team/invitations',
  'POST /api/v1/team/invitations/:id/resend',
  'DELETE /api/v1/team/invitations/:id',
  'PATCH /api/v1/team/people/:id',
  'PUT /api/v1/preferences/inventory-settings',
  'POST /api/v1/custom-fields/definitions',
  'PUT /api/v1/custom-fields/definitions/:id',
  'DELETE /api/v1/custom-fields/definitions/:id',
  'POST /api/v1/products',
  'PUT /api/v1/products/:id',
  'DELETE /api/v1/products/:id',
  'POST /api/v1/catalogue/products',
  'PATCH /api/v1/catalogue/products/:id',
  'POST /api/v1/catalogue/products/:id/duplicate',
  'DELETE /api/v1/catalogue/products/:id',
  'POST /api/v1/upload',
  // Imports write the catalogue: its editors', never staff's.
  'POST /api/v1/imports',
  'POST /api/v1/imports/:id/rows',
  'GET /api/v1/imports/:id',
  'POST /api/v1/stocktakes',
  'POST /api/v1/stocktakes/:id/close',
  'POST /api/v1/stocktakes/:id/cancel',
  'PATCH /api/v1/sales/settings',
  'PUT /api/v1/sales/approval-pin',
  'POST /api/v1/sales/returns',
  // Sales whose discount's approval did not hold: for managers to see and review.
  'GET /api/v1/sales/approvals/unconfirmed',
  'POST /api/v1/sales/:id/approval-review',
  // Suppliers are kept by those who buy; staff see them.
  'POST /api/v1/suppliers',
  'PATCH /api/v1/suppliers/:id',
  'GET /api/v1/purchasing/suggestions',
  'POST /api/v1/purchasing/orders',
  'PATCH /api/v1/purchasing/orders/:id',
  'POST /api/v1/purchasing/orders/:id/send',
  'POST /api/v1/purchasing/orders/:id/cancel',
  // Staff scan a delivery in; a manager posts it.
  'POST /api/v1/purchasing/deliveries/:id/post',
  // Staff keep customers' details; a customer's data leaves the shop or is erased by a manager.
  'GET /api/v1/customers/:id/export',
  'POST /api/v1/customers/:id/erase',
  'POST /api/v1/customers/:id/merge',
  // Anyone selling takes a payment on account; a manager opens the account and sets its limit.
  'PUT /api/v1/customers/:id/account',
  // Reports show cost and margin: managers' and owners'.
  'GET /api/v1/reports/sales',
  'GET /api/v1/reports/sales/products',
  'GET /api/v1/reports/gst',
  'GET /api/v1/reports/inventory',
  'GET /api/v1/reports/customers',
  'GET /api/v1/reports/filters',
];

function expectedRoles(route: string): readonly Role[] | 'public' {
  if (
    route.startsWith('POST /api/v1/auth/') ||
    route === 'GET /api/v1/health' ||
    route === 'GET /health'
  ) {
    return 'public';
  }
  if (OWNERS.includes(route)) return ['owner'];
  if (MANAGERS.includes(route)) return ['owner', 'manager'];
  return ROLES;
}

async function call(route: string, token?: string) {
  const [method = 'GET', path = '/'] = route.split(' ');
  const concrete = path.replace(/:[A-Za-z]+/g, '1');
  const withBody = method !== 'GET' && method !== 'DELETE';
  return server.call(method, concrete, {
    ...(token ? { token } : {}),
    ...(withBody ? { body: {} } : {}),
  });
}

describe('who may call each route', () => {
  it('has a rule for every route, and a route for every rule', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !routeRules(server.app).has(route))).toEqual([]);
    expect([...routeRules(server.app).keys()].filter((route) => !routes.includes(route))).toEqual(
      [],
    );
  });

  it('takes each declared read’s rule from its declaration, and serves every one', () => {
    const routes = registeredRoutes();
    for (const read of READS) {
      const route = `GET /api/v1${read.route}`;
      expect(routes, route).toContain(route);
      expect(routeRules(server.app).get(route), route).toBe(read.access);
    }
    // A GET no domain declares is one of the few the app itself owns.
    const undeclared = routes.filter(
      (route) =>
        route.startsWith('GET ') && !READS.some((read) => route === `GET /api/v1${read.route}`),
    );
    expect(undeclared.sort()).toEqual([
      'GET /api/v1/health',
      'GET /api/v1/live',
      'GET /api/v1/upload/:id',
      'GET /health',
    ]);
  });

  it('gives each role what the product promises it: staff see, adjust and count', () => {
    for (const route of registeredRoutes()) {
      const rule = routeRules(server.app).get(route);
      const allowed =
        rule === 'public' || rule === undefined
          ? rule
          : ROLES.filter((role) => rule === 'signed-in' || can(role, rule));
      expect(allowed, route).toEqual(expectedRoles(route));
    }
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const route of registeredRoutes()) {
      if (routeRules(server.app).get(route) === 'public') continue;
      const response = await call(route);
      expect(response.status, route).toBe(401);
      expect(response.body, route).toEqual({ message: 'Authentication required' });
    }
  });

  it.each(ROLES)('lets %s through exactly where its role may go', async (role) => {
    for (const route of registeredRoutes()) {
      const rule = routeRules(server.app).get(route);
      if (rule === 'public' || rule === undefined) continue;
      const allowed = rule === 'signed-in' || can(role, rule);
      const response = await call(route, tokens[role]);
      if (allowed) expect(response.status, `${role} ${route}`).not.toBe(403);
      else {
        expect(response.status, `${role} ${route}`).toBe(403);
        expect(response.body, route).toEqual({
          message: 'Your role does not allow this. Ask an owner or a manager.',
        });
      }
    }
  });

  it('refuses a write in a batch as the write itself would be', async () => {
    const response = await server.call('POST', '/api/v1/batch', {
      token: tokens.staff,
      body: {
        writes: [
          {
            method: 'POST',
            path: '/catalogue/products',
            idempotency_key: '0b7d6c7e-5b7a-4a3c-9d3f-1f2e3d4c5b6a',
            body: { fields: { name: 'Forced', luc: 1, list_price: 2 } },
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      answers: [
        {
          status: 403,
          body: { message: 'Your role does not allow this. Ask an owner or a manager.' },
        },
      ],
    });
  });
});
