import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's migrations, for a test that migrates a database of an earlier schema. */
export const MIGRATIONS = fileURLToPath(
  new URL('../../../src/server/db/migrations', import.meta.url),
);

/** A copy of the migrations folder as it was before the migration `tag` (to remove after). */
export async function migrationsBefore(tag: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'vintry-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}
