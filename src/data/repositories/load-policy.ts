import { ApiError } from '../api-client.ts';
import { db } from '../db.ts';

/** Preferences and custom fields: fresh for 30 s, dropped from memory after 60 s (spec section 9). */
export const LOAD_CACHE = { staleTime: 30_000, gcTime: 60_000 } as const;

/** A write of this resource still waits for the server: the local copy is the newest. */
export async function hasUnsentWrites(resource: string): Promise<boolean> {
  return (await db.outbox.where('resource').equals(resource).count()) > 0;
}

/**
 * Whether a server answer asked for at `askedAt` is older than the local copy: a write of the
 * resource was queued while it was on its way (and still waits), or another answer was stored
 * after it was asked for (say, the acknowledgement of that write). Call it inside the
 * transaction that would store the answer, so no write slips in between.
 */
export async function answerIsStale(
  resource: string,
  askedAt: number,
  storedAt: number | undefined,
): Promise<boolean> {
  return (storedAt ?? 0) > askedAt || (await hasUnsentWrites(resource));
}

/** The server could not be reached (as opposed to answering with an error). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status >= 500);
}
