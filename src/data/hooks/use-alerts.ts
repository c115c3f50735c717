import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { type Alert, type AlertBadge, alertBadge, alertsShown } from '#domains/alerts/alert.ts';
import { db } from '../db.ts';
import { ALERTS_REFRESH_MS, alertsQuery, stillHides } from '../repositories/alerts.ts';
import { useOnline } from '../sync/use-sync-status.ts';

export interface ShownAlerts {
  alerts: Alert[];
  /** Of each kind, how many more stand than the server listed. */
  more: Readonly<Record<string, number>>;
  badge: AlertBadge | null;
  /** When the server worked them out; null before any answer. */
  asOf: string | null;
  /** False when the answer shown is the one kept from before (offline, or the server failed). */
  current: boolean;
  loading: boolean;
  failed: boolean;
}

/**
 * The alerts standing for the person signed in, as this device shows them (the menu's badge
 * and /alerts): the server's last answer, less what was dismissed or snoozed here, with this
 * device's refused changes. A snooze kept here ends on time, also offline.
 */
export function useAlerts(): ShownAlerts {
  const query = useQuery(alertsQuery());
  const online = useOnline();
  const kept = useLiveQuery(() => db.alertDismissals.toArray(), []);
  const refused = useLiveQuery(
    () => db.outbox.where('state').equals('needs-attention').count(),
    [],
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ALERTS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const answer = query.data;
  return useMemo(() => {
    const hidden = new Set(
      (kept ?? []).filter((each) => stillHides(each, now)).map((each) => each.key),
    );
    const alerts = alertsShown(answer, hidden, refused ?? 0);
    const more = answer?.more ?? {};
    return {
      alerts,
      more,
      badge: alertBadge(alerts, more),
      asOf: answer?.as_of ?? null,
      current: online && !query.isError,
      // Offline before any answer, the query waits (paused): that is not loading.
      loading: query.isPending && query.fetchStatus === 'fetching',
      failed: !answer && (query.isError || query.fetchStatus === 'paused'),
    };
  }, [answer, kept, refused, now, online, query.isPending, query.isError, query.fetchStatus]);
}
