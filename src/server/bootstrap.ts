import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import type { Logger } from './logger.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { moveUploadFilesIn } from './uploads/repository.ts';

/**
 * Opens the configured database for the server or the admin CLI: PostgreSQL when DATABASE_URL is
 * set, otherwise the embedded database under DATA_DIR (locked to this process). Migrations run,
 * and an empty database gets the demo data unless SEED_DEMO=0; on PostgreSQL both under a lock
 * that instances starting together take in turn.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: Logger,
  role: 'server' | 'admin CLI',
): Promise<Database> {
  const startupWork = async (db: Db) => {
    if (config.seedDemo) await seedDemoIfEmpty(db, log);
    await moveUploadFilesIn(db, path.join(config.dataDir, 'uploads'), log);
  };
  if (config.databaseUrl) {
    return openDatabase(
      {
        kind: 'postgres',
        url: config.databaseUrl,
        onConnectionLost: (error) => log.error('database connection lost while idle', error),
      },
      startupWork,
    );
  }
  const unlock = await lockDataDir(config.dataDir, role);
  try {
    const database = await openDatabase(
      { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
      startupWork,
    );
    return {
      ...database,
      close: async () => {
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
