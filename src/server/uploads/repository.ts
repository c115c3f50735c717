import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

/** Upload records, always scoped by business. */
export async function recordUpload(
  db: Db,
  input: {
    businessId: string;
    userId: string;
    filename: string;
    storedName: string;
    size: number;
    contentType: string;
  },
) {
  const [row] = await db.insert(uploads).values(input).returning();
  if (!row) throw new Error('the upload was not recorded');
  return row;
}

export async function findUpload(db: Db, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.businessId, businessId), eq(uploads.id, id)))
    .limit(1);
  return row;
}
