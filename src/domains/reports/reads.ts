import { defineRead } from '#shared/read-declaration.ts';
import { SalesReportSchema } from './sales-report.ts';

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

export const reportsReads = [salesReportRead];
