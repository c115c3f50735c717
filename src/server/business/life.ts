import { eq } from 'drizzle-orm';
import { momentOutsideLife } from '#shared/moments.ts';
import type { Db } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The span in which a business's devices can have made what they send: from its creation to the
 * server's now (each with a day's slack, momentOutsideLife). Facts dated outside it (a sale in
 * year 1, or next month) are refused 400 before anything stores them.
 */
export interface BusinessLife {
  since: Date;
  now: Date;
}

export async function businessLife(db: Db, businessId: string, now: Date): Promise<BusinessLife> {
  const [row] = await db
    .select({ since: businesses.createdAt })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return { since: row?.since ?? now, now };
}

/** Throws 400 `{message}` when `moment` (a checked moment's text) lies outside the life. */
export function refuseOutsideLife(field: string, moment: string, life: BusinessLife): void {
  const problem = momentOutsideLife(field, moment, life);
  if (problem) throw new HttpError(400, problem);
}
