import * as v from 'valibot';

/**
 * Alerts (beyond the spec's prototype; README, "Alerts"): what needs someone's attention today,
 * worked out by the server from its records each time they are asked (nothing is stored but who
 * dismissed or snoozed what), and, on the device, its own changes the server refused.
 *
 * Each alert has a key of its kind and subject ('low-stock:42'); a person dismisses or snoozes
 * one by its key, for themselves only. A dismissal holds while the alert stands: once the
 * product is restocked (the alert gone), it is forgotten, and the next time stock runs low the
 * alert shows again. A snooze hides it until its time.
 */
export const ALERT_KINDS = [
  'needs-attention',
  'negative-stock',
  'out-of-stock',
  'order-due',
  'low-stock',
  'purchase-overdue',
  'cash-variance',
  'count-variance',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * The kinds a person can turn off in Notifications & Alerts. Changes this device could not
 * send are never turned off: they are work that would otherwise be lost.
 */
export const SWITCHABLE_ALERT_KINDS = ALERT_KINDS.filter(
  (kind): kind is Exclude<AlertKind, 'needs-attention'> => kind !== 'needs-attention',
);

/** The spec's badge types, most severe first. */
export const ALERT_SEVERITIES = ['critical', 'warning', 'normal'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const SEVERITY_OF: Readonly<Record<AlertKind, AlertSeverity>> = {
  'needs-attention': 'critical',
  'negative-stock': 'critical',
  'out-of-stock': 'critical',
  'order-due': 'warning',
  'low-stock': 'warning',
  'purchase-overdue': 'warning',
  'cash-variance': 'warning',
  'count-variance': 'normal',
};

/** Each kind's heading on /alerts, in the order of ALERT_KINDS. */
export const ALERT_KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  'needs-attention': 'Changes needing attention',
  'negative-stock': 'Negative stock',
  'out-of-stock': 'Out of stock',
  'order-due': 'Orders due today, not ready',
  'low-stock': 'Low stock',
  'purchase-overdue': 'Purchase orders overdue',
  'cash-variance': 'Cash variances',
  'count-variance': 'Count variances',
};

/** At most this many alerts of a kind are listed; the rest are counted (`more`). */
export const ALERTS_LISTED_PER_KIND = 100;
/** Shifts and counts closed within this many days can raise an alert. */
export const ALERT_LOOKBACK_DAYS = 7;

export const ALERT_KEY_PATTERN = /^[a-z-]+:[A-Za-z0-9-]{1,64}$/;
export const keyOf = (kind: AlertKind, subject: string | number) => `${kind}:${subject}`;
export const kindOfKey = (key: string) => key.slice(0, key.indexOf(':')) as AlertKind;

export const AlertSchema = v.object({
  key: v.string(),
  kind: v.picklist(ALERT_KINDS),
  title: v.string(),
  detail: v.string(),
  /** When it arose or is due, where that is known. */
  at: v.nullable(v.string()),
  /** Where to act on it: an address in the app, and the button's words. */
  href: v.string(),
  action: v.string(),
});
export type Alert = v.InferOutput<typeof AlertSchema>;

export const AlertsAnswerSchema = v.object({
  as_of: v.string(),
  /** What stands now, less what this person dismissed or snoozed. */
  alerts: v.array(AlertSchema),
  /** Of each kind, how many more stand than are listed. */
  more: v.record(v.string(), v.number()),
});
export type AlertsAnswer = v.InferOutput<typeof AlertsAnswerSchema>;

export const SNOOZE_CHOICES = [
  { label: 'Snooze 1 hour', hours: 1 },
  { label: 'Snooze 1 day', hours: 24 },
  { label: 'Snooze 1 week', hours: 24 * 7 },
] as const;
const MAX_SNOOZE_MS = 31 * 24 * 3_600_000;

export const ALERT_MESSAGES = {
  key: 'Not an alert',
  until: 'Snooze until a time within a month',
} as const;

/** PUT /alerts/dismissals/{key}: dismissed while it stands (until null), or snoozed until then. */
export const DismissalSchema = v.object({
  until: v.nullable(v.pipe(v.string(ALERT_MESSAGES.until), v.isoTimestamp(ALERT_MESSAGES.until))),
});
export type Dismissal = v.InferOutput<typeof DismissalSchema>;

/** Whether a snooze's time is one the server keeps: later than now, within a month. */
export const snoozeInReach = (until: string, now: Date) => {
  const ms = Date.parse(until) - now.getTime();
  return ms > 0 && ms <= MAX_SNOOZE_MS;
};

export const snoozedUntil = (hours: number, now: Date) =>
  new Date(now.getTime() + hours * 3_600_000).toISOString();

/** Most severe first, then by kind, then the earliest. */
export function sortAlerts(alerts: readonly Alert[]): Alert[] {
  const rank = (alert: Alert) =>
    ALERT_SEVERITIES.indexOf(SEVERITY_OF[alert.kind]) * 100 + ALERT_KINDS.indexOf(alert.kind);
  return [...alerts].sort((a, b) => rank(a) - rank(b) || (a.at ?? '').localeCompare(b.at ?? ''));
}

export interface AlertBadge {
  count: number;
  severity: AlertSeverity;
}

/**
 * The menu's badge: how many alerts stand for this person (listed and beyond the list), typed
 * by the most severe of them; none when nothing does.
 */
export function alertBadge(
  alerts: readonly Alert[],
  more: Readonly<Record<string, number>>,
): AlertBadge | null {
  const kinds = new Set<AlertKind>(alerts.map((alert) => alert.kind));
  for (const [kind, count] of Object.entries(more)) if (count > 0) kinds.add(kind as AlertKind);
  const count = alerts.length + Object.values(more).reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const severity =
    ALERT_SEVERITIES.find((each) => [...kinds].some((kind) => SEVERITY_OF[kind] === each)) ??
    'normal';
  return { count, severity };
}

/** The device's own alert: changes of its the server refused, for Pending changes. */
export function attentionAlert(count: number): Alert {
  return {
    key: keyOf('needs-attention', 'device'),
    kind: 'needs-attention',
    title: `${count} ${count === 1 ? 'change' : 'changes'} on this device not saved`,
    detail: 'The server refused them. Retry or discard each in Pending changes.',
    at: null,
    href: '',
    action: 'Open Pending changes',
  };
}

/**
 * The alerts to show: the server's answer less the keys hidden here (dismissed or snoozed on
 * this device, not yet in an answer), with this device's refused changes first; sorted.
 */
export function alertsShown(
  answer: Pick<AlertsAnswer, 'alerts'> | undefined,
  hidden: ReadonlySet<string>,
  refusedChanges: number,
): Alert[] {
  const served = (answer?.alerts ?? []).filter((alert) => !hidden.has(alert.key));
  return sortAlerts(refusedChanges > 0 ? [attentionAlert(refusedChanges), ...served] : served);
}
