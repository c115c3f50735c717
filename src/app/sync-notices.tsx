import { useEffect } from 'react';
import { failureNotice } from '#data/sync/failure-messages.ts';
import { onSyncOutcome } from '#data/sync/sync-events.ts';
import { startSyncTriggers } from '#data/sync/triggers.ts';
import { showToast } from '#ui/toast.tsx';

/**
 * Runs the outbox from this page (at start, online again, visible again, after a sign-in) and
 * tells the user when the server refused a queued change, with the spec's message for it.
 */
export function SyncNotices() {
  useEffect(() => startSyncTriggers(), []);
  useEffect(
    () =>
      onSyncOutcome((outcome) => {
        if (outcome.kind !== 'refused') return;
        const notice = failureNotice(outcome.entry, outcome.status, outcome.body);
        if (notice.kind === 'alert') showToast(notice.text, 'error');
        else console.warn(notice.text);
      }),
    [],
  );
  return null;
}
