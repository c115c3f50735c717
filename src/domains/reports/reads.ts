import { defineRead } from '#shared/read-declaration.ts';
import { CustomerAnalyticsSchema } from './customer-analytics.ts';
import { FilterChoicesSchema } from './filters.ts';
import { GstSummarySchema } from './gst-summary.ts';
import { InventoryReportSchema } from './inventory-report.ts';
import { ProductStandingsSchema, SalesReportSchema } from './sales-report.ts';

/**
 * The Sales Report of a period (?from&to&by&compare). The page keeps the last answer of each
 * report it showed for offline viewing, with its time.
 */
export const salesReportRead = defineRead({
  route: '/reports/sales',
  access: 'reports.view',
  answer: SalesReportSchema,
  caching: 'network-first',
});

/** The top and bottom products of a period (?from&to and filters), beside the Sales Report. */
export const productStandingsRead = defineRead({
  route: '/reports/sales/products',
  access: 'reports.view',
  answer: ProductStandingsSchema,
  caching: 'network-first',
});

/** The GST summary of a period (?from&to): GST collected, GST paid on purchases, the difference. */
export const gstSummaryRead = defineRead({
  route: '/reports/gst',
  access: 'reports.view',
  answer: GstSummarySchema,
  caching: 'network-first',
});

/** The Inventory Report of a period (?from&to): valuation, ABC classes, dead stock, shrinkage. */
export const inventoryReportRead = defineRead({
  route: '/reports/inventory',
  access: 'reports.view',
  answer: InventoryReportSchema,
  caching: 'network-first',
});

/** Customer Analytics of a period (?from&to): who bought, new and returning, segments, the club. */
export const customerAnalyticsRead = defineRead({
  route: '/reports/customers',
  access: 'reports.view',
  answer: CustomerAnalyticsSchema,
  caching: 'network-first',
});

/** What the reports' product filters can be set to (GET /reports/filters): small, kept offline. */
export const reportFilterChoicesRead = defineRead({
  route: '/reports/filters',
  access: 'reports.view',
  answer: FilterChoicesSchema,
  caching: 'network-first',
});

export const reportsReads = [
  reportFilterChoicesRead,
  salesReportRead,
  productStandingsRead,
  gstSummaryRead,
  inventoryReportRead,
  customerAnalyticsRead,
];
