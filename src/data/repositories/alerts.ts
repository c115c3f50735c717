import type { AlertsAnswer } from '#domains/alerts/alert.ts';
import { alertsRead } from '#domains/alerts/reads.ts';
import { dismissAlertWrite, restoreAlertWrite } from '#domains/alerts/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { db, type LocalDismissal } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, refusalAlert } from '../sync/write-handler.ts';

/**
 * Alerts on the device (#domains/alerts/): the server's last answer (kept by the persisted
 * query cache for offline viewing, with its time), less what this person dismissed or snoozed
 * here.
 * A dismissal is kept in alertDismissals in the transaction that queues it, so it hides the
 * alert at once, offline too; once the server has had it a while (DISMISSAL_KEPT_MS), its
 * answers leave the alert out by themselves and the local record goes.
 */
export const ALERTS_RESOURCE = 'alerts';

interface Label {
  title: string;
}
const labelOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.title ?? '';

/**
 * A dismissal the server has is kept here this long after: its answers leave the alert out by
 * then, and the answer the page keeps for offline (written to storage a moment after it comes)
 * is one of them. Forgotten at once, a reload offline could show the older kept answer's alert.
 */
export const DISMISSAL_KEPT_MS = 5 * 60_000;

async function fetchAlerts(): Promise<AlertsAnswer> {
  const asked = Date.now();
  const answer = await readJson(alertsRead, {});
  await db.alertDismissals
    .filter((kept) => kept.ackedAt !== undefined && kept.ackedAt < asked - DISMISSAL_KEPT_MS)
    .delete();
  return answer;
}

/** Alerts change with the shop's records (live updates ask again) and with the time of day. */
export const ALERTS_REFRESH_MS = 60_000;

export const alertsQuery = () => ({
  queryKey: ['alerts'] as const,
  queryFn: fetchAlerts,
  staleTime: ALERTS_REFRESH_MS / 2,
  refetchInterval: ALERTS_REFRESH_MS,
  meta: { persist: true },
});

/** Whether a dismissal kept here still hides its alert at `now`. */
export const stillHides = (kept: LocalDismissal, now: number) =>
  kept.until === null || Date.parse(kept.until) > now;

/** An alert dismissed while it stands (until null), or snoozed until then, for this person. */
export function dismissAlert(alert: { key: string; title: string }, until: string | null) {
  return queueAndSend([db.outbox, db.alertDismissals], async () => {
    await db.alertDismissals.put({ key: alert.key, until });
    await queueWrite<{ until: string | null }, Label>({
      resource: ALERTS_RESOURCE,
      ...writeRequest(dismissAlertWrite, { key: encodeURIComponent(alert.key) }),
      body: { until },
      revert: { title: alert.title },
      recordId: alert.key,
    });
  });
}

/** Shown again (Undo). */
export function restoreAlert(alert: { key: string; title: string }) {
  return queueAndSend([db.outbox, db.alertDismissals], async () => {
    await db.alertDismissals.delete(alert.key);
    await queueWrite<null, Label>({
      resource: ALERTS_RESOURCE,
      ...writeRequest(restoreAlertWrite, { key: encodeURIComponent(alert.key) }),
      body: null,
      revert: { title: alert.title },
      recordId: alert.key,
    });
  });
}

export const alertHandlers = [
  defineWriteHandler<{ until: string | null }, Label>({
    declaration: dismissAlertWrite,
    async acknowledge(entry) {
      await db.alertDismissals.update(String(entry.recordId), { ackedAt: Date.now() });
    },
    async revert(entry) {
      await db.alertDismissals.delete(String(entry.recordId));
    },
    describe: (entry) => `Dismissing the alert ${labelOf(entry)}`,
    failureNotice: refusalAlert('Could not dismiss the alert', labelOf),
  }),
  defineWriteHandler<null, Label>({
    declaration: restoreAlertWrite,
    async acknowledge() {},
    async revert() {},
    describe: (entry) => `Showing the alert ${labelOf(entry)} again`,
    failureNotice: refusalAlert('Could not show the alert again', labelOf),
  }),
];
