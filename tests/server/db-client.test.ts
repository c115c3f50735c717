import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { businesses } from '#server/db/schema.ts';
import { createEmptyPostgresDatabase } from './helpers/test-server.ts';

/**
 * PostgreSQL may drop a pooled connection while it sits idle (a restart, a failover, an
 * administrator). The server must live on and use a new connection. Only where TEST_DATABASE_URL
 * names a PostgreSQL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the PostgreSQL pool when the server drops an idle connection', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  const lost = vi.fn();

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase(adminUrl ?? '');
    database = await openDatabase({ kind: 'postgres', url: empty.url, onConnectionLost: lost });
  });
  afterAll(async () => {
    await database.close();
    await empty.drop();
  });

  it('reports the loss and answers the next query on a new connection', async () => {
    await database.db.execute(sql`select 1`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const name = new URL(empty.url).pathname.slice(1);
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(lost).toHaveBeenCalled());
    const answer = await database.db.select({ n: sql<number>`2` }).from(businesses);
    expect(answer).toEqual([]);
  });
});
