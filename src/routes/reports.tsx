import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { REPORT_PERIODS } from '#domains/reports/period.ts';
import { SALES_GROUPINGS } from '#domains/reports/sales-report.ts';
import { signedInRoute } from './signed-in.tsx';

const Day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);
const SearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(REPORT_PERIODS)), undefined),
  from: Day,
  to: Day,
  by: v.fallback(v.optional(v.picklist(SALES_GROUPINGS)), undefined),
  compare: v.fallback(v.optional(v.boolean()), undefined),
});

/** /reports: each report's key figures, and the way to it. */
export const reportsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports',
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'ReportsScreen'),
});

/** /reports/sales?period=…&from=…&to=…&by=…&compare=true */
export const salesReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/sales',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'SalesReportScreen'),
});

const PeriodSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(REPORT_PERIODS)), undefined),
  from: Day,
  to: Day,
});

/** /reports/inventory?period=…&from=…&to=… */
export const inventoryReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/inventory',
  validateSearch: (search) => v.parse(PeriodSearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'InventoryReportScreen'),
});

/** /reports/analytics?period=…&from=…&to=… */
export const customerAnalyticsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/analytics',
  validateSearch: (search) => v.parse(PeriodSearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'CustomerAnalyticsScreen'),
});
