import { useEffect } from 'react';
import { installWriteHandlers } from '#data/modules.ts';
import { onSyncOutcome } from '#data/sync/sync-events.ts';
import { startSyncTriggers } from '#data/sync/triggers.ts';
import { refusalNotice } from '#data/sync/write-handler.ts';
import { showToast } from '#ui/toast.tsx';

// The signed-in screens are the page's only writers, and this module loads with them.
installWriteHandlers();

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
        const notice = refusalNotice(outcome.entry, outcome);
        if (notice.kind === 'alert') showToast(notice.text, 'error');
        else console.warn(notice.text);
      }),
    [],
  );
  return null;
}
