import { ApiError } from '../api-client.ts';
import { db } from '../db.ts';

/** Preferences and custom fields: fresh for 30 s, dropped from memory after 60 s (spec section 9). */
export const LOAD_CACHE = { staleTime: 30_000, gcTime: 60_000 } as const;

/** A write of this resource still waits for the server: the local copy is the newest. */
export async function hasUnsentWrites(resource: string): Promise<boolean> {
  return (await db.outbox.where('resource').equals(resource).count()) > 0;
}

/** The server could not be reached (as opposed to answering with an error). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status >= 500);
}
