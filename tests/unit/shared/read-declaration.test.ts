import { describe, expect, it } from 'vitest';
import { READS, readOf } from '#domains/modules.ts';
import { readPath, routeMatches } from '#shared/read-declaration.ts';

describe('declared reads', () => {
  it('make their path from their parameters and query, each encoded', () => {
    const route = { route: '/sales/receipts/:receipt' } as const;
    expect(readPath(route, { receipt: 'T1 000/2' })).toBe('/sales/receipts/T1%20000%2F2');
    expect(readPath({ route: '/sales' }, {}, { date: '2026-03-02', tz: 'Australia/Hobart' })).toBe(
      '/sales?date=2026-03-02&tz=Australia%2FHobart',
    );
    expect(readPath({ route: '/dashboard' }, {}, { tz: undefined })).toBe('/dashboard');
  });

  it('are found by the paths they ask, and nothing else is', () => {
    expect(routeMatches('/stocktakes/:id', '/stocktakes/abc')).toBe(true);
    expect(routeMatches('/stocktakes/:id', '/stocktakes')).toBe(false);
    expect(readOf('/preferences/columns/products')?.route).toBe('/preferences/columns/:table');
    expect(readOf('/preferences/columns/products/stats')?.route).toBe(
      '/preferences/columns/:table/stats',
    );
    expect(readOf('/sales/settings')?.caching).toBe('never');
    expect(readOf('/dashboard')?.caching).toBe('network-first');
    expect(readOf('/auth/login')).toBeUndefined();
    expect(readOf('/live')).toBeUndefined();
  });

  it('each route once: no two declarations answer one path', () => {
    const routes = READS.map((read) => read.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const read of READS) {
      const asked = read.route.replace(/:\w+/g, 'x');
      expect(
        READS.filter((other) => routeMatches(other.route, asked)),
        read.route,
      ).toHaveLength(1);
    }
  });
});
