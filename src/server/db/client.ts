import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { LOCK_SCOPES, releaseSessionLock, takeSessionLock } from './locks.ts';
import * as schema from './schema.ts';

/**
 * One database handle for the whole server: embedded PGlite (a folder under DATA_DIR, or memory
 * for tests) unless a PostgreSQL URL is given. Both run the same numbered migrations at open.
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbKind = 'pglite' | 'postgres';
/** A transaction of either database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in the caller's transaction when there is one (an idempotent write already runs in
 * one: a savepoint more would cost two statements), else in a new one. So `work` must leave
 * nothing written when it answers a refusal instead of throwing.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Tx) : db.transaction(work);
}

export interface Database {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** A pooled connection dropped while idle (server restart, database dropped). */
      onConnectionLost?: (error: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `from`: a copy of a database dumped by PGlite (a test's migrated template). */
  | { kind: 'memory'; from?: Blob };

/**
 * Work that runs at every start after the migrations (the demo seed, moving old uploads in):
 * on PostgreSQL it holds the same lock as the migrations, so instances starting together take
 * turns and each finds what the one before it did.
 */
export type StartupWork = (db: Db) => Promise<void>;

export async function openDatabase(
  target: DatabaseTarget,
  startupWork: StartupWork = async () => {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      keepAlive: true,
      // A server process that dies mid-write must not leave its transaction (and the locks it
      // holds: an idempotency key in flight, a product row) behind: PostgreSQL checks every
      // second that the client of a running statement is still there, and ends a transaction
      // left idle for a minute.
      options:
        '-c client_connection_check_interval=1000 -c idle_in_transaction_session_timeout=60000',
    });
    // Without a listener, an idle connection's error would end the process. The pool has already
    // discarded that connection and opens a new one on the next query.
    pool.on('error', target.onConnectionLost ?? (() => {}));
    try {
      await migrateUnderLock(pool, startupWork);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    await mkdir(path.dirname(target.dataDir), { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create(target.from ? { loadDataDir: target.from } : undefined);
  }
  // One process owns a PGlite folder (data-dir-lock.ts): no one to take turns with.
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  await startupWork(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Migrations and the startup work on one connection holding a session advisory lock. A process
 * that dies holding it loses its connection, and PostgreSQL lets the lock go with it.
 */
async function migrateUnderLock(pool: pg.Pool, startupWork: StartupWork) {
  const connection = await pool.connect();
  const db = drizzlePg({ client: connection, schema });
  try {
    await db.execute(takeSessionLock(LOCK_SCOPES.firstStart, 'database'));
    try {
      await migratePg(db, { migrationsFolder });
      await startupWork(db);
    } finally {
      await db.execute(releaseSessionLock(LOCK_SCOPES.firstStart, 'database'));
    }
  } finally {
    connection.release();
  }
}

/** A migrated, empty in-memory database as a file PGlite loads again (`{kind: 'memory', from}`). */
export async function migratedTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
