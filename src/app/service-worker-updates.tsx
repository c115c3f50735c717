import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { listenToWorker } from '#data/sync/worker-messages.ts';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Something the user is in the middle of: a dialog, or a row being edited. */
function somethingOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], .row-editor') !== null;
}

/**
 * Registers the service worker (in a build; the dev server has none) and, when a new version is
 * waiting, offers 'A new version is available' with 'Reload'. It never reloads by itself: only
 * the page whose Reload was pressed reloads, and not while a dialog or an inline edit is open.
 */
export function ServiceWorkerUpdates() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  const [blocked, setBlocked] = useState(false);
  const reloadRequested = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const stopListening = listenToWorker();
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => setWaiting(workbox));
    workbox.addEventListener('controlling', () => {
      if (reloadRequested.current) window.location.reload();
    });
    void workbox.register();
    // A tablet may stay on one page all day: look for a new version now and then, and when the
    // network comes back, not only when a page is opened.
    const lookForUpdate = () => void workbox.update().catch(() => {});
    const hourly = setInterval(lookForUpdate, UPDATE_CHECK_INTERVAL_MS);
    window.addEventListener('online', lookForUpdate);
    return () => {
      stopListening();
      clearInterval(hourly);
      window.removeEventListener('online', lookForUpdate);
    };
  }, []);

  if (!waiting) return null;

  function reload() {
    if (!waiting) return;
    if (somethingOpen()) {
      setBlocked(true);
      return;
    }
    reloadRequested.current = true;
    waiting.messageSkipWaiting();
  }

  return (
    <div className="update-prompt" role="status">
      <RefreshCw size={18} aria-hidden="true" />
      <span className="update-prompt__text">
        A new version is available
        {blocked ? (
          <span className="update-prompt__hint">Finish what you are editing, then reload.</span>
        ) : null}
      </span>
      <button type="button" className="button button--primary button--small" onClick={reload}>
        Reload
      </button>
    </div>
  );
}
