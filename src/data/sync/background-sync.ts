/**
 * Asks the browser to wake the service worker with a `sync` event (tag 'vintry-outbox') when the
 * network is back, so queued changes go even if every tab was closed meanwhile. Browsers without
 * Background Sync rely on the page's triggers instead.
 */
export const OUTBOX_SYNC_TAG = 'vintry-outbox';

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

export async function registerBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller) return;
  const registration = (await navigator.serviceWorker.ready) as SyncCapableRegistration;
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => {});
}
