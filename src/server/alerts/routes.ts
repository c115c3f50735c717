import { and, count, eq, max } from 'drizzle-orm';
import { Hono } from 'hono';
import { ALERT_KEY_PATTERN, ALERT_MESSAGES, snoozeInReach } from '#domains/alerts/alert.ts';
import { dismissAlertWrite, restoreAlertWrite } from '#domains/alerts/writes.ts';
import { dayInZone } from '#shared/moments.ts';
import { shopTimeZone } from '../business/shop.ts';
import { alertDismissals } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { businessReads } from '../http/business-reads.ts';
import { HttpError } from '../http/errors.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import type { ChangeHub } from '../live/change-hub.ts';
import { alertsFor } from './alerts.ts';

/**
 * Alerts (#domains/alerts/alert.ts):
 * - GET /alerts → {as_of, alerts, more}: what stands for the caller now (today by the shop's
 *   clock);
 * - PUT /alerts/dismissals/{key} {until} → 204: dismissed (until null) or snoozed until then,
 *   for the caller only; 422 for a snooze in the past or beyond a month; 404 for what is not
 *   an alert's key;
 * - DELETE /alerts/dismissals/{key} → 204: shown again.
 */
export function alertRoutes(deps: Deps, writes: WriteRoutes, reads: ReadCache, hub: ChangeHub) {
  const app = new Hono<AppEnv>();
  const remember = businessReads(deps, reads, hub);
  const keyParam = (key: string | undefined) => {
    if (!key || !ALERT_KEY_PATTERN.test(key)) throw new HttpError(404, ALERT_MESSAGES.key);
    return key;
  };

  app.get('/', async (c) => {
    const caller = c.get('caller');
    const now = deps.now();
    const zone = await shopTimeZone(c.var.db, caller.businessId, c.req.query('tz'));
    const today = dayInZone(now, zone) ?? now.toISOString().slice(0, 10);
    // Worked out at most once a minute between the business's changes and the caller's own
    // dismissals (which change no record of the business): every device asks every minute.
    const minute = Math.floor(now.getTime() / 60_000);
    const [stamp] = await c.var.db
      .select({ count: count(), last: max(alertDismissals.madeAt) })
      .from(alertDismissals)
      .where(eq(alertDismissals.userId, caller.userId));
    const key = `alerts:${caller.userId}:${caller.role}:${today}:${minute}:${stamp?.count}:${stamp?.last?.getTime()}`;
    return c.json(
      await remember(caller.businessId, key, () => alertsFor(c.var.db, caller, today, now)),
    );
  });

  writes.add(dismissAlertWrite, async (c, { until }, params) => {
    const key = keyParam(params.key);
    const now = deps.now();
    if (until !== null && !snoozeInReach(until, now)) {
      throw new HttpError(422, ALERT_MESSAGES.until);
    }
    const { userId, businessId } = c.get('caller');
    const row = { userId, businessId, key, until: until === null ? null : new Date(until) };
    await c.var.db
      .insert(alertDismissals)
      .values({ ...row, madeAt: now })
      .onConflictDoUpdate({
        target: [alertDismissals.userId, alertDismissals.key],
        set: { until: row.until, madeAt: now },
      });
    return c.body(null, 204);
  });

  writes.add(restoreAlertWrite, async (c, _body, params) => {
    const key = keyParam(params.key);
    await c.var.db
      .delete(alertDismissals)
      .where(and(eq(alertDismissals.userId, c.get('caller').userId), eq(alertDismissals.key, key)));
    return c.body(null, 204);
  });

  return app;
}
