import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { TENDER_KINDS } from '#domains/reports/filters.ts';
import { REPORT_PERIODS } from '#domains/reports/period.ts';
import { SALES_GROUPINGS } from '#domains/reports/sales-report.ts';
import { signedInRoute } from './signed-in.tsx';

const Day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);
const Text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined);
const PeriodSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(REPORT_PERIODS)), undefined),
  from: Day,
  to: Day,
  compare: v.fallback(v.optional(v.boolean()), undefined),
});
const ProductFilterSearch = { category: Text, producer: Text, supplier: Text, origin: Text };
const SearchSchema = v.object({
  ...PeriodSearchSchema.entries,
  by: v.fallback(v.optional(v.picklist(SALES_GROUPINGS)), undefined),
  ...ProductFilterSearch,
  staff: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  tender: v.fallback(v.optional(v.picklist(TENDER_KINDS)), undefined),
});
const InventorySearchSchema = v.object({
  ...PeriodSearchSchema.entries,
  ...ProductFilterSearch,
  on: Day,
});

/** /reports: each report's key figures, and the way to it. */
export const reportsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports',
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'ReportsScreen'),
});

/** /reports/sales?period=…&from=…&to=…&by=…&compare=true and filters (category=…, tender=…) */
export const salesReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/sales',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'SalesReportScreen'),
});

/** /reports/inventory?period=…&from=…&to=…&compare=true&on=… and product filters */
export const inventoryReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/inventory',
  validateSearch: (search) => v.parse(InventorySearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'InventoryReportScreen'),
});

/** /reports/analytics?period=…&from=…&to=…&compare=true */
export const customerAnalyticsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/reports/analytics',
  validateSearch: (search) => v.parse(PeriodSearchSchema, search),
  component: lazyRouteComponent(() => import('./reports-screen.tsx'), 'CustomerAnalyticsScreen'),
});
