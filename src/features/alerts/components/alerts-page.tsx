import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAlerts } from '#data/hooks/use-alerts.ts';
import { dismissAlert, restoreAlert } from '#data/repositories/alerts.ts';
import { requestReplay } from '#data/sync/replayer.ts';
import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type Alert,
  type AlertKind,
  SEVERITY_OF,
  SNOOZE_CHOICES,
  snoozedUntil,
} from '#domains/alerts/alert.ts';
import { asOfText, useNow } from '#ui/as-of.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { showPendingChanges } from '#ui/pending-changes-request.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import './alerts.css';

export const ALERTS_TEXT = {
  title: 'Alerts',
  subtitle: 'What needs attention today, worked out from the shop’s records',
  nothing: 'Nothing needs attention. New alerts show here as stock, orders and counts change.',
  failed: 'The alerts could not be loaded. They show once the server can be reached.',
  updated: (time: string) => `Updated ${time}`,
  stale: (time: string) => `Last updated ${time}; the server could not be reached since`,
  more: (n: number) => `and ${n} more not listed`,
  dismiss: 'Dismiss',
  snooze: 'Snooze',
  dismissed: (title: string) => `Dismissed ${title}.`,
  snoozed: (title: string, label: string) => `${label.replace('Snooze', 'Snoozed')}: ${title}.`,
  undo: 'Undo',
  severity: { critical: 'Critical', warning: 'Warning', normal: 'Normal' },
} as const;

interface Hidden {
  alert: Alert;
  text: string;
}

/** /alerts: what stands now, by kind, each with a way to act on it, Dismiss and Snooze. */
export function AlertsPage() {
  const shown = useAlerts();
  const now = useNow(60_000);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<Hidden | null>(null);

  async function hide(alert: Alert, until: string | null, text: string) {
    await dismissAlert(alert, until);
    setHidden({ alert, text });
  }

  async function undo() {
    if (!hidden) return;
    setHidden(null);
    await restoreAlert(hidden.alert);
    // Shown again from the answer this device holds; asked again once the server has it.
    void requestReplay().then(() => queryClient.invalidateQueries({ queryKey: ['alerts'] }));
  }

  function act(alert: Alert) {
    if (alert.kind === 'needs-attention') showPendingChanges();
    else void navigate({ href: alert.href });
  }

  const subtitle = shown.asOf
    ? `${ALERTS_TEXT.subtitle} · ${(shown.current ? ALERTS_TEXT.updated : ALERTS_TEXT.stale)(asOfText(shown.asOf, now))}`
    : ALERTS_TEXT.subtitle;

  let body: React.ReactNode;
  if (shown.loading && shown.alerts.length === 0) body = <PageSpinner />;
  else if (shown.failed && shown.alerts.length === 0) {
    body = <p className="card alerts__empty">{ALERTS_TEXT.failed}</p>;
  } else if (shown.alerts.length === 0 && !shown.badge) {
    body = <p className="card alerts__empty">{ALERTS_TEXT.nothing}</p>;
  } else {
    const kinds = ALERT_KINDS.filter(
      (kind) => shown.alerts.some((alert) => alert.kind === kind) || (shown.more[kind] ?? 0) > 0,
    );
    body = kinds.map((kind) => (
      <AlertGroup
        key={kind}
        kind={kind}
        alerts={shown.alerts.filter((alert) => alert.kind === kind)}
        more={shown.more[kind] ?? 0}
        now={now}
        onAct={act}
        onDismiss={(alert) => void hide(alert, null, ALERTS_TEXT.dismissed(alert.title))}
        onSnooze={(alert, hours, label) =>
          void hide(alert, snoozedUntil(hours, new Date()), ALERTS_TEXT.snoozed(alert.title, label))
        }
      />
    ));
  }

  return (
    <>
      <PageHeader title={ALERTS_TEXT.title} subtitle={subtitle} />
      <div className="alerts__status" role="status" aria-live="polite">
        {hidden ? (
          <p className="alerts__hidden">
            {hidden.text}{' '}
            <button type="button" className="button button--link" onClick={() => void undo()}>
              {ALERTS_TEXT.undo}
            </button>
          </p>
        ) : null}
      </div>
      <div className="alerts">{body}</div>
    </>
  );
}

function AlertGroup({
  kind,
  alerts,
  more,
  now,
  onAct,
  onDismiss,
  onSnooze,
}: {
  kind: AlertKind;
  alerts: Alert[];
  more: number;
  now: Date;
  onAct: (alert: Alert) => void;
  onDismiss: (alert: Alert) => void;
  onSnooze: (alert: Alert, hours: number, label: string) => void;
}) {
  const severity = SEVERITY_OF[kind];
  const headingId = `alerts-${kind}`;
  return (
    <section
      className={`card alerts__group alerts__group--${severity}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="alerts__heading">
        <span className={`alerts__severity alerts__severity--${severity}`}>
          {ALERTS_TEXT.severity[severity]}
        </span>
        {ALERT_KIND_LABELS[kind]}
        <span className="alerts__count">{alerts.length + more}</span>
      </h2>
      <ul className="alerts__list">
        {alerts.map((alert) => (
          <li key={alert.key} className="alerts__item">
            <div className="alerts__text">
              <span className="alerts__title">{alert.title}</span>
              <span className="alerts__detail">{alert.detail}</span>
              {alert.at ? <span className="alerts__when">{asOfText(alert.at, now)}</span> : null}
            </div>
            <div className="alerts__actions">
              <button
                type="button"
                className="button button--primary button--small"
                aria-label={`${alert.action}: ${alert.title}`}
                onClick={() => onAct(alert)}
              >
                {alert.action}
              </button>
              {kind === 'needs-attention' ? null : (
                <>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`${ALERTS_TEXT.dismiss}: ${alert.title}`}
                    onClick={() => onDismiss(alert)}
                  >
                    {ALERTS_TEXT.dismiss}
                  </button>
                  <select
                    className="alerts__snooze"
                    aria-label={`${ALERTS_TEXT.snooze}: ${alert.title}`}
                    value=""
                    onChange={(event) => {
                      const choice = SNOOZE_CHOICES.find(
                        (each) => String(each.hours) === event.target.value,
                      );
                      if (choice) onSnooze(alert, choice.hours, choice.label);
                    }}
                  >
                    <option value="" disabled>
                      {ALERTS_TEXT.snooze}
                    </option>
                    {SNOOZE_CHOICES.map((choice) => (
                      <option key={choice.hours} value={choice.hours}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="alerts__more">{ALERTS_TEXT.more(more)}</p> : null}
    </section>
  );
}
