import { AlertTriangle, CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSyncStatus } from '#data/sync/use-sync-status.ts';
import { onShowPendingChanges } from '#ui/pending-changes-request.ts';
import { PendingChangesDialog } from './pending-changes-dialog.tsx';

/**
 * Online, Offline, 'Syncing N' or 'N need attention', on every screen. It opens the Pending
 * changes panel, as does a screen that asks for it (Alerts).
 */
export function ConnectivityIndicator() {
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  useEffect(() => onShowPendingChanges(() => setOpen(true)), []);
  // Saying 'Online' before the outbox is read would claim that nothing waits.
  if (!status.known)
    return <span className="connectivity connectivity--unknown" aria-hidden="true" />;
  let label: string;
  let tone: 'online' | 'offline' | 'syncing' | 'attention';
  let Icon = Wifi;
  if (status.attention.length > 0) {
    label = `${status.attention.length} need attention`;
    tone = 'attention';
    Icon = AlertTriangle;
  } else if (!status.online) {
    label = 'Offline';
    tone = 'offline';
    Icon = CloudOff;
  } else if (status.waiting.length > 0) {
    label = `Syncing ${status.waiting.length}`;
    tone = 'syncing';
    Icon = RefreshCw;
  } else {
    label = 'Online';
    tone = 'online';
  }
  const waitingOffline = !status.online && status.waiting.length > 0;
  return (
    <>
      <button
        type="button"
        className={`connectivity connectivity--${tone}`}
        aria-label={`${label}${waitingOffline ? `, ${status.waiting.length} waiting` : ''}. Show pending changes`}
        onClick={() => setOpen(true)}
      >
        <Icon
          size={16}
          aria-hidden="true"
          className={tone === 'syncing' ? 'connectivity__spin' : undefined}
        />
        <span className="connectivity__label">{label}</span>
        {waitingOffline ? (
          <span className="connectivity__count">{status.waiting.length}</span>
        ) : null}
      </button>
      {open ? <PendingChangesDialog status={status} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
