import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite allows one process per data folder. Whoever opens the embedded database (the server or
 * the admin CLI) first takes DATA_DIR/vintry.lock; a second process is refused with a message
 * that says who holds it. A lock left by a process that no longer runs is taken over.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly holder: { pid: number; role: string },
    dataDir: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by the Vintry ${holder.role} (pid ${holder.pid}). ` +
        (holder.role === 'server'
          ? 'To add or change people while it runs, use Settings → Team & Permissions in the app. ' +
            'Otherwise stop the server first, or run it on PostgreSQL (DATABASE_URL) so that several processes can share the database.'
          : 'Wait for it to finish and try again.'),
    );
    this.name = 'DataDirBusyError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string, role: 'server' | 'admin CLI') {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'vintry.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, role }));
      await handle.close();
      const releaseSync = () => {
        try {
          if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', releaseSync);
      return async () => {
        process.off('exit', releaseSync);
        releaseSync();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as { pid: number; role: string })
        .catch(() => ({ pid: 0, role: 'unknown' }));
      if (holder.pid && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new DataDirBusyError(holder, dataDir);
      }
      await unlink(file).catch(() => {});
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
