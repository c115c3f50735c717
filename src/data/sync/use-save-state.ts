import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../db.ts';
import { observeSyncOutcomes } from './sync-events.ts';
import { useOnline } from './use-sync-status.ts';

/** The saving indicator clears 1 s after a successful save (spec section 9). */
export const SAVED_INDICATOR_MS = 1000;

/**
 * The saving indicator of a resource: 'saving' while a change of it waits or is being sent,
 * 'offline' when it waits because the browser is offline or the server could not be reached
 * (it stays on this device and goes later), 'saved' for 1 s after the server acknowledged the
 * last one.
 */
export type SaveState = 'idle' | 'saving' | 'offline' | 'saved';

export function useSaveState(resource: string): SaveState {
  const entries = useLiveQuery(
    () => db.outbox.where('resource').equals(resource).toArray(),
    [resource],
  );
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const online = useOnline();

  useEffect(
    () =>
      observeSyncOutcomes((outcome) => {
        if (outcome.kind === 'acknowledged' && outcome.entry.resource === resource) {
          setSavedAt(Date.now());
        }
      }),
    [resource],
  );
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const waiting = (entries ?? []).filter((entry) => entry.state !== 'needs-attention');
  if (waiting.length > 0) {
    return !online || waiting.some((entry) => entry.attempts > 0 && entry.state === 'pending')
      ? 'offline'
      : 'saving';
  }
  return savedAt === null ? 'idle' : 'saved';
}
