import { Hono } from 'hono';
import * as v from 'valibot';
import { CustomerAnalyticsQuerySchema } from '#domains/reports/customer-analytics.ts';
import { filterEntries } from '#domains/reports/filters.ts';
import {
  INVENTORY_MESSAGES,
  InventoryReportQuerySchema,
} from '#domains/reports/inventory-report.ts';
import { comparedOf, RangeQuerySchema } from '#domains/reports/period.ts';
import {
  ProductStandingsQuerySchema,
  SalesReportQuerySchema,
} from '#domains/reports/sales-report.ts';
import { dayInZone } from '#shared/moments.ts';
import { firstIssueMessage } from '#shared/validation.ts';
import { shopTimeZone } from '../business/shop.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { businessReads } from '../http/business-reads.ts';
import { HttpError } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { ChangeHub } from '../live/change-hub.ts';
import { readInventorySettings } from '../preferences/inventory-settings-repository.ts';
import { customerAnalyticsReport } from './customer-analytics.ts';
import { gstSummary } from './gst-summary.ts';
import { inventoryReport } from './inventory-report.ts';
import { filterChoices } from './report-filters.ts';
import { productStandings, salesReport } from './sales-report.ts';

/**
 * Reports (managers and owners: they show cost and margin):
 * - GET /reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&by=day|week|month|category|product|
 *   producer|staff|tender&compare_from=…&compare_to=… and filters (category, producer,
 *   supplier, origin, staff, tender) → the Sales Report of those days of the shop's calendar,
 *   with the totals of the period compared with; 400 {message} for a period that is not one;
 * - GET /reports/sales/products?from&to and filters → the period's top and bottom products;
 * - GET /reports/filters → what the product filters can be set to;
 * - GET /reports/gst?from&to → the GST summary of those days (#domains/reports/gst-summary.ts);
 * - GET /reports/inventory?from&to&on&compare_from&compare_to and product filters → the
 *   Inventory Report of those days, stock valued at the end of `on` (today unless asked; 400
 *   for a day to come), dead stock by the caller's own period
 *   (#domains/reports/inventory-report.ts);
 * - GET /reports/customers?from&to&compare_from&compare_to → Customer Analytics of those days
 *   (#domains/reports/customer-analytics.ts).
 * An answer is kept until the business next changes.
 */
export function reportRoutes(deps: Deps, reads: ReadCache, hub: ChangeHub) {
  const app = new Hono<AppEnv>();
  const remember = businessReads(deps, reads, hub);

  app.get('/sales', async (c) => {
    const asked = v.safeParse(SalesReportQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const { from, to, by, compare_from, compare_to, ...filters } = asked.output;
    const range = { from, to };
    const compare = comparedOf(asked.output);
    const key = `report:sales:${businessId}:${timeZone}:${from}:${to}:${by}:${compare_from}:${compare_to}:${JSON.stringify(filterEntries(filters))}`;
    return c.json(
      await remember(businessId, key, () =>
        salesReport(c.var.db, businessId, { range, by, filters, compare }, timeZone, deps.now()),
      ),
    );
  });

  app.get('/sales/products', async (c) => {
    const asked = v.safeParse(ProductStandingsQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const { from, to, ...filters } = asked.output;
    const key = `report:standings:${businessId}:${timeZone}:${from}:${to}:${JSON.stringify(filterEntries(filters))}`;
    return c.json(
      await remember(businessId, key, () =>
        productStandings(c.var.db, businessId, { from, to }, filters, timeZone, deps.now()),
      ),
    );
  });

  app.get('/filters', async (c) => {
    const { businessId } = c.get('caller');
    return c.json(
      await remember(businessId, `report:filters:${businessId}`, () =>
        filterChoices(c.var.db, businessId),
      ),
    );
  });

  app.get('/gst', async (c) => {
    const asked = v.safeParse(RangeQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const range = { from: asked.output.from, to: asked.output.to };
    const key = `report:gst:${businessId}:${timeZone}:${range.from}:${range.to}`;
    return c.json(
      await remember(businessId, key, () =>
        gstSummary(c.var.db, businessId, range, timeZone, deps.now()),
      ),
    );
  });

  app.get('/inventory', async (c) => {
    const asked = v.safeParse(InventoryReportQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId, userId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    const today = dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10);
    // Dead stock after the person's own period (Notifications & Alerts, 90 days unless set).
    const deadDays = (await readInventorySettings(c.var.db, userId)).notifications.deadStockPeriod;
    const { from, to, on, compare_from, compare_to, ...filters } = asked.output;
    if (on !== undefined && on > today) throw new HttpError(400, INVENTORY_MESSAGES.future);
    const range = { from, to };
    const compare = comparedOf(asked.output);
    const key = `report:inventory:${businessId}:${timeZone}:${from}:${to}:${today}:${deadDays}:${on}:${compare_from}:${compare_to}:${JSON.stringify(filterEntries(filters))}`;
    return c.json(
      await remember(businessId, key, () =>
        inventoryReport(
          c.var.db,
          businessId,
          { range, today, deadDays, filters, on: on ?? null, compare },
          timeZone,
          now,
        ),
      ),
    );
  });

  app.get('/customers', async (c) => {
    const asked = v.safeParse(CustomerAnalyticsQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    const today = dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10);
    const { from, to, compare_from, compare_to } = asked.output;
    const range = { from, to };
    const compare = comparedOf(asked.output);
    const key = `report:customers:${businessId}:${timeZone}:${from}:${to}:${today}:${compare_from}:${compare_to}`;
    return c.json(
      await remember(businessId, key, () =>
        customerAnalyticsReport(c.var.db, businessId, { range, today, compare }, timeZone, now),
      ),
    );
  });

  return app;
}
