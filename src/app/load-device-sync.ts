/**
 * Loads the device's sync (every domain's write handlers and feeds) as a chunk of its own. The
 * signed-in route waits for it before its first render, so no screen reads the outbox before
 * the handlers that fold and send it are installed; as its own chunk it is evaluated in a task
 * of its own beside the signed-in layout's, not in one long task with it.
 */
export function loadDeviceSync() {
  return import('./device-sync.tsx');
}
