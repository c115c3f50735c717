import { describe, expect, it } from 'vitest';
import {
  type Alert,
  type AlertKind,
  alertBadge,
  alertsShown,
  snoozedUntil,
  snoozeInReach,
  sortAlerts,
} from '#domains/alerts/alert.ts';

const alert = (kind: AlertKind, subject: string, at: string | null = null): Alert => ({
  key: `${kind}:${subject}`,
  kind,
  title: subject,
  detail: '',
  at,
  href: '/',
  action: 'Open',
});

describe('alerts', () => {
  it('badges the count standing, listed and beyond the list, by the most severe kind', () => {
    expect(alertBadge([], {})).toBeNull();
    expect(alertBadge([alert('count-variance', 'c')], {})).toEqual({
      count: 1,
      severity: 'normal',
    });
    expect(alertBadge([alert('count-variance', 'c'), alert('low-stock', '1')], {})).toEqual({
      count: 2,
      severity: 'warning',
    });
    // A kind only beyond the list still types the badge.
    expect(alertBadge([alert('low-stock', '1')], { 'out-of-stock': 140 })).toEqual({
      count: 141,
      severity: 'critical',
    });
  });

  it('shows the most severe first, then by kind, then the earliest', () => {
    const sorted = sortAlerts([
      alert('count-variance', 'count'),
      alert('cash-variance', 'later', '2026-11-30T05:00:00Z'),
      alert('low-stock', 'low'),
      alert('cash-variance', 'earlier', '2026-11-29T05:00:00Z'),
      alert('negative-stock', 'negative'),
      alert('out-of-stock', 'out'),
    ]);
    expect(sorted.map((each) => each.title)).toEqual([
      'negative',
      'out',
      'low',
      'earlier',
      'later',
      'count',
    ]);
  });

  it('leaves out what was hidden here and puts this device’s refused changes first', () => {
    const answer = { alerts: [alert('low-stock', '1'), alert('out-of-stock', '2')] };
    expect(alertsShown(answer, new Set(['out-of-stock:2']), 0).map((a) => a.key)).toEqual([
      'low-stock:1',
    ]);
    const shown = alertsShown(answer, new Set(), 3);
    expect(shown[0]).toMatchObject({
      kind: 'needs-attention',
      title: '3 changes on this device not saved',
    });
    expect(alertsShown(undefined, new Set(), 1).map((a) => a.title)).toEqual([
      '1 change on this device not saved',
    ]);
  });

  it('keeps a snooze that ends later than now and within a month', () => {
    const now = new Date('2026-11-30T09:00:00Z');
    expect(snoozedUntil(24, now)).toBe('2026-12-01T09:00:00.000Z');
    expect(snoozeInReach(snoozedUntil(24 * 7, now), now)).toBe(true);
    expect(snoozeInReach('2026-11-30T08:59:00Z', now)).toBe(false);
    expect(snoozeInReach('2027-01-15T09:00:00Z', now)).toBe(false);
  });
});
