import { Hono } from 'hono';
import * as v from 'valibot';
import { RangeQuerySchema } from '#domains/reports/period.ts';
import { SalesReportQuerySchema } from '#domains/reports/sales-report.ts';
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
import { salesReport } from './sales-report.ts';

/**
 * Reports (managers and owners: they show cost and margin):
 * - GET /reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&by=day|week|month|category|product|
 *   producer|staff|tender&compare_from=…&compare_to=… → the Sales Report of those days of the
 *   shop's calendar, with the totals of the period compared with; 400 {message} for a period
 *   that is not one;
 * - GET /reports/gst?from&to → the GST summary of those days (#domains/reports/gst-summary.ts);
 * - GET /reports/inventory?from&to → the Inventory Report of those days, dead stock by the
 *   caller's own period (#domains/reports/inventory-report.ts);
 * - GET /reports/customers?from&to → Customer Analytics of those days
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
    const { from, to, by, compare_from, compare_to } = asked.output;
    const range = { from, to };
    const compare = compare_from && compare_to ? { from: compare_from, to: compare_to } : null;
    const key = `report:sales:${businessId}:${timeZone}:${from}:${to}:${by}:${compare_from}:${compare_to}`;
    return c.json(
      await remember(businessId, key, () =>
        salesReport(c.var.db, businessId, { range, by, compare }, timeZone, deps.now()),
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
    const asked = v.safeParse(RangeQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId, userId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    const today = dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10);
    // Dead stock after the person's own period (Notifications & Alerts, 90 days unless set).
    const deadDays = (await readInventorySettings(c.var.db, userId)).notifications.deadStockPeriod;
    const range = { from: asked.output.from, to: asked.output.to };
    const key = `report:inventory:${businessId}:${timeZone}:${range.from}:${range.to}:${today}:${deadDays}`;
    return c.json(
      await remember(businessId, key, () =>
        inventoryReport(c.var.db, businessId, { range, today, deadDays }, timeZone, now),
      ),
    );
  });

  app.get('/customers', async (c) => {
    const asked = v.safeParse(RangeQuerySchema, c.req.query());
    if (!asked.success) throw new HttpError(400, firstIssueMessage(asked.issues));
    const { businessId } = c.get('caller');
    const timeZone = await shopTimeZone(c.var.db, businessId, c.req.query('tz'));
    const now = deps.now();
    const today = dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10);
    const range = { from: asked.output.from, to: asked.output.to };
    const key = `report:customers:${businessId}:${timeZone}:${range.from}:${range.to}:${today}`;
    return c.json(
      await remember(businessId, key, () =>
        customerAnalyticsReport(c.var.db, businessId, { range, today }, timeZone, now),
      ),
    );
  });

  return app;
}
