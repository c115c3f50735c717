import { LiveUpdates } from './live-updates.tsx';
import { SyncNotices } from './sync-notices.tsx';

/**
 * What keeps this device and the server in step while someone is signed in: the outbox sent
 * (with every domain's write handlers) and the live updates pulled (with every domain's feed).
 * Every domain's device module loads with it, as a chunk of its own: see load-device-sync.ts.
 */
export function DeviceSync() {
  return (
    <>
      <SyncNotices />
      <LiveUpdates />
    </>
  );
}
