import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, notExists } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploadContents, uploads } from '../db/schema.ts';
import type { Logger } from '../logger.ts';

/** Upload records and their bytes, always scoped by business. */
export async function recordUpload(
  db: Db,
  input: {
    businessId: string;
    userId: string;
    filename: string;
    size: number;
    contentType: string;
  },
  bytes: Uint8Array,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(uploads).values(input).returning();
    if (!row) throw new Error('the upload was not recorded');
    await tx.insert(uploadContents).values({ uploadId: row.id, bytes });
    return row;
  });
}

/** The upload's record and bytes, when it belongs to the business. */
export async function findUpload(db: Db, businessId: string, id: string) {
  const [row] = await db
    .select({
      filename: uploads.filename,
      contentType: uploads.contentType,
      bytes: uploadContents.bytes,
    })
    .from(uploads)
    .innerJoin(uploadContents, eq(uploadContents.uploadId, uploads.id))
    .where(and(eq(uploads.businessId, businessId), eq(uploads.id, id)))
    .limit(1);
  return row;
}

/**
 * Uploads made before their bytes were kept in the database are files under DATA_DIR/uploads:
 * their bytes are moved in, then the file is removed. A file that is gone is left as it was
 * (its download answers 404, as it did), and so is one that cannot be read now (next start).
 */
export async function moveUploadFilesIn(db: Db, uploadsDir: string, log: Logger) {
  const waiting = await db
    .select({ id: uploads.id, storedName: uploads.storedName })
    .from(uploads)
    .where(
      and(
        isNotNull(uploads.storedName),
        notExists(
          db
            .select({ id: uploadContents.uploadId })
            .from(uploadContents)
            .where(eq(uploadContents.uploadId, uploads.id)),
        ),
      ),
    );
  let moved = 0;
  for (const { id, storedName } of waiting) {
    if (!storedName) continue;
    const file = path.join(uploadsDir, path.basename(storedName));
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.insert(uploadContents).values({ uploadId: id, bytes }).onConflictDoNothing();
      await tx.update(uploads).set({ storedName: null }).where(eq(uploads.id, id));
    });
    await rm(file, { force: true });
    moved += 1;
  }
  if (moved > 0) log.info(`Moved ${moved} uploaded files from ${uploadsDir} into the database`);
}
