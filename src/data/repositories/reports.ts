import * as v from 'valibot';
import type { CustomerAnalytics } from '#domains/reports/customer-analytics.ts';
import {
  type FilterChoices,
  filterEntries,
  type ProductFilters,
  type ReportFilters,
} from '#domains/reports/filters.ts';
import type { GstSummary } from '#domains/reports/gst-summary.ts';
import type { InventoryReport } from '#domains/reports/inventory-report.ts';
import type { DayRange } from '#domains/reports/period.ts';
import {
  customerAnalyticsRead,
  gstSummaryRead,
  inventoryReportRead,
  productStandingsRead,
  reportFilterChoicesRead,
  salesReportRead,
} from '#domains/reports/reads.ts';
import type {
  ProductStandings,
  SalesGrouping,
  SalesReport,
} from '#domains/reports/sales-report.ts';
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
  filters: ReportFilters;
}

/** A report's period, the period it is compared with and its filters, as its query's fields. */
const askedFields = (range: DayRange, compare: DayRange | null, filters: ReportFilters) => ({
  from: range.from,
  to: range.to,
  compare_from: compare?.from,
  compare_to: compare?.to,
  ...Object.fromEntries(filterEntries(filters)),
  tz: deviceTimeZone(),
});

/** What a query's key says of its period, comparison and filters. */
const askedKey = (range: DayRange, compare: DayRange | null, filters: ReportFilters) => [
  range.from,
  range.to,
  compare?.from,
  compare?.to,
  JSON.stringify(filterEntries(filters)),
];

async function fetchSalesReport(ask: SalesReportAsk): Promise<ReportData<SalesReport>> {
  const response = await apiFetch(
    readPath(salesReportRead, {}, { ...askedFields(ask, ask.compare, ask.filters), by: ask.by }),
  );
  const report = v.parse(salesReportRead.answer, await response.json());
  return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
}

/** Reports change with every sale: asked again when a screen shows one after this long. */
export const REPORT_STALE_MS = 60_000;

export const salesReportQuery = (ask: SalesReportAsk) => ({
  queryKey: ['reports', 'sales', ask.by, ...askedKey(ask, ask.compare, ask.filters)],
  queryFn: () => fetchSalesReport(ask),
  staleTime: REPORT_STALE_MS,
  // Kept in localStorage with the screens' small answers, but not a list of every product
  // sold (the service worker keeps that one for offline viewing).
  meta: { persist: ask.by !== 'product' },
});

/** The period's top and bottom products beside the Sales Report (small: kept offline). */
export const productStandingsQuery = (range: DayRange, filters: ReportFilters) => ({
  queryKey: ['reports', 'standings', ...askedKey(range, null, filters)],
  queryFn: async (): Promise<ReportData<ProductStandings>> => {
    const response = await apiFetch(
      readPath(productStandingsRead, {}, askedFields(range, null, filters)),
    );
    const report = v.parse(productStandingsRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});

/** What the reports' product filters can be set to (kept for offline viewing). */
export const filterChoicesQuery = () => ({
  queryKey: ['reports', 'filters'],
  queryFn: async (): Promise<FilterChoices> => {
    const response = await apiFetch(readPath(reportFilterChoicesRead, {}, {}));
    return v.parse(reportFilterChoicesRead.answer, await response.json());
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
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

export interface InventoryReportAsk {
  range: DayRange;
  compare: DayRange | null;
  filters: ProductFilters;
  /** The day stock is valued at the end of; null for now. */
  on: string | null;
}

/** The Inventory Report of a period (kept for offline viewing by the service worker). */
export const inventoryReportQuery = ({ range, compare, filters, on }: InventoryReportAsk) => ({
  queryKey: ['reports', 'inventory', on, ...askedKey(range, compare, filters)],
  queryFn: async (): Promise<ReportData<InventoryReport>> => {
    const response = await apiFetch(
      readPath(
        inventoryReportRead,
        {},
        { ...askedFields(range, compare, filters), on: on ?? undefined },
      ),
    );
    const report = v.parse(inventoryReportRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});

/** Customer Analytics of a period (small: kept for offline viewing like the reports). */
export const customerAnalyticsQuery = (range: DayRange, compare: DayRange | null = null) => ({
  queryKey: ['reports', 'customers', ...askedKey(range, compare, {})],
  queryFn: async (): Promise<ReportData<CustomerAnalytics>> => {
    const response = await apiFetch(
      readPath(customerAnalyticsRead, {}, askedFields(range, compare, {})),
    );
    const report = v.parse(customerAnalyticsRead.answer, await response.json());
    return { report, live: response.headers.get(FROM_CACHE_HEADER) === null };
  },
  staleTime: REPORT_STALE_MS,
  meta: { persist: true },
});
