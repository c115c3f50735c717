import { db } from '#data/db.ts';

/** A device that has never been used: every store empty, set-aside changes included. */
export async function clearLocalData() {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
