import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import type { Logger } from './logger.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

/**
 * Opens the configured database for the server or the admin CLI: PostgreSQL when DATABASE_URL is
 * set, otherwise the embedded database under DATA_DIR (locked to this process). Migrations run,
 * and an empty database gets the demo data unless SEED_DEMO=0.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: Logger,
  role: 'server' | 'admin CLI',
): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    if (config.seedDemo) await seedDemoIfEmpty(database.db, log);
    return database;
  }
  const unlock = await lockDataDir(config.dataDir, role);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
    if (config.seedDemo) await seedDemoIfEmpty(database.db, log);
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
