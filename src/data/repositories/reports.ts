import * as v from 'valibot';
import type { CustomerAnalytics } from '#domains/reports/customer-analytics.ts';
import type { GstSummary } from '#domains/reports/gst-summary.ts';
import type { InventoryReport } from '#domains/reports/inventory-report.ts';
import type { DayRange } from '#domains/reports/period.ts';
import {
  customerAnalyticsRead,
  gstSummaryRead,
  inventoryReportRead,
  salesReportRead,
} from '#domains/reports/reads.ts';
import type { SalesGrouping, SalesReport } from '#domains/reports/sales-report.ts';
import { readPath } from '#shared/read-declaration.ts';
import { FROM_CACHE_HEADER } from '../api-cache.ts';
import { apiFetch } from '../api-client.ts';
import { deviceTimeZone } from '../time-zone.ts';

/**
 * Reports (#domains/reports/), read from the server (they add up the shop's whole history).
 * The last answer of each report shown is kept by the persisted query cache, so it is there
 * offline, with its time; `live` is false when the service worker answered from its cache.
 */
export interface ReportData<T> {
  report: T;
  live: boolean;
}

export interface SalesReportAsk {
  from: string;
  to: string;
  by: SalesGrouping;
  /** The period compared with, if any. */
  compare: DayRange | null;
}

async function fetchSalesReport(ask: SalesReportAsk): Promise<ReportData<SalesReport>> {
  const response = await apiFetch(
    readPath(
      salesReportRead,
      {},
      {
        from: ask.from,
        to: ask.to,
        by: ask.by,
        compare_from: ask.compare?.from,
        compare_to: ask.compare?.to,
        tz: deviceTimeZone(),
      },
    ),
  );
  const report = v.parse(salesReportRead.answer, await response.json());
  return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
}

/** Reports change with every sale: asked again when a screen shows one after this long. */
export const REPORT_STALE_MS = 60_000;

export const salesReportQuery = (ask: SalesReportAsk) => ({
  queryKey: ['reports', 'sales', ask.from, ask.to, ask.by, ask.compare?.from, ask.compare?.to],
  queryFn: () => fetchSalesReport(ask),
  staleTime: REPORT_STALE_MS,
  // Kept in localStorage with the screens' small answers, but not a list of every product
  // sold (the service worker keeps that one for offline viewing).
  meta: { persist: ask.by !== 'product' },
});

/** The GST summary of a period (small: kept for offline viewing like the reports). */
export const gstSummaryQuery = (range: DayRange) => ({
  queryKey: ['reports', 'gst', range.from, range.to],
  queryFn: async (): Promise<ReportData<GstSummary>> => {
    const response = await apiFetch(
      readPath(gstSummaryRead, {}, { from: range.from, to: range.to, tz: deviceTimeZone() }),
    );
    const report = v.parse(gstSummaryRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});

/** The Inventory Report of a period (kept for offline viewing by the service worker). */
export const inventoryReportQuery = (range: DayRange) => ({
  queryKey: ['reports', 'inventory', range.from, range.to],
  queryFn: async (): Promise<ReportData<InventoryReport>> => {
    const response = await apiFetch(
      readPath(inventoryReportRead, {}, { from: range.from, to: range.to, tz: deviceTimeZone() }),
    );
    const report = v.parse(inventoryReportRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});

/** Customer Analytics of a period (small: kept for offline viewing like the reports). */
export const customerAnalyticsQuery = (range: DayRange) => ({
  queryKey: ['reports', 'customers', range.from, range.to],
  queryFn: async (): Promise<ReportData<CustomerAnalytics>> => {
    const response = await apiFetch(
      readPath(customerAnalyticsRead, {}, { from: range.from, to: range.to, tz: deviceTimeZone() }),
    );
    const report = v.parse(customerAnalyticsRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});
