import { db } from '../db.ts';

/** How many changes have not reached the server yet (waiting or refused). */
export function unsentChangeCount(): Promise<number> {
  return db.outbox.count();
}
