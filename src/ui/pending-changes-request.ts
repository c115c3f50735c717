/**
 * Asks the app's frame to open the Pending changes panel (it lives in the top bar's status):
 * a screen that points at refused changes (Alerts) opens it without knowing the frame.
 */
const SHOW_PENDING_CHANGES = 'vintry:show-pending-changes';

export const showPendingChanges = () => window.dispatchEvent(new Event(SHOW_PENDING_CHANGES));

export function onShowPendingChanges(show: () => void): () => void {
  window.addEventListener(SHOW_PENDING_CHANGES, show);
  return () => window.removeEventListener(SHOW_PENDING_CHANGES, show);
}
