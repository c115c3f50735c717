import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { textArray } from '../db/array-params.ts';
import type { Db, Tx } from '../db/client.ts';
import { feedRecords, feedVersions } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';

/**
 * The change log of a feed whose records live in tables of their own (counts, and the domains to
 * come): a write notes which records it changed, under the feed's next version, as the LAST
 * statement of its transaction (it then holds the feed's version row until it commits, briefly,
 * and after every other lock it takes, so it cannot deadlock with them). A pull since N reads the
 * records noted after N. The catalogue keeps its own finer log (product_changes).
 */
export async function noteFeedChange(
  tx: Tx,
  businessId: string,
  feed: string,
  recordKeys: readonly string[],
): Promise<number> {
  // One statement: the version bumped, and the records noted under it.
  const result = await tx.execute(sql`
    with bumped as (
      insert into ${feedVersions} (business_id, feed, version) values (${businessId}, ${feed}, 1)
      on conflict (business_id, feed) do update set version = ${feedVersions}.version + 1
      returning version
    ), noted as (
      insert into ${feedRecords} (business_id, feed, record_key, version)
      select ${businessId}, ${feed}, key, bumped.version
      from unnest(${textArray([...new Set(recordKeys)])}::text[]) as key, bumped
      on conflict (business_id, feed, record_key) do update set version = excluded.version
    )
    select version from bumped`);
  return Number(resultRows<{ version: string | number }>(result)[0]?.version);
}

/** The feed's version now: 0 before its first change. */
export async function feedVersion(db: Db | Tx, businessId: string, feed: string): Promise<number> {
  const [row] = await db
    .select({ version: feedVersions.version })
    .from(feedVersions)
    .where(and(eq(feedVersions.businessId, businessId), eq(feedVersions.feed, feed)));
  return Number(row?.version ?? 0);
}

/**
 * The records changed after `since`, and the cursor to ask from next: the newest version read.
 * Versions commit in order (see noteFeedChange), so none below it can still arrive.
 */
export async function feedChangesSince(
  db: Db | Tx,
  businessId: string,
  feed: string,
  since: number,
): Promise<{ cursor: number; keys: string[] }> {
  const rows = await db
    .select({ key: feedRecords.recordKey, version: feedRecords.version })
    .from(feedRecords)
    .where(
      and(
        eq(feedRecords.businessId, businessId),
        eq(feedRecords.feed, feed),
        gt(feedRecords.version, since),
      ),
    )
    .orderBy(asc(feedRecords.version));
  return {
    cursor: rows.reduce((newest, row) => Math.max(newest, Number(row.version)), since),
    keys: rows.map((row) => row.key),
  };
}

/**
 * The part of the pull of a feed whose records live in tables of their own (noteFeedChange):
 * those changed since the cursor, as `list` reads them now; every one from 0, or from a cursor
 * this server never gave (a database restored from an older copy).
 */
export async function recordsSince<TRecord>(
  db: Db,
  businessId: string,
  feed: string,
  since: number,
  list: (keys: readonly string[] | undefined) => Promise<TRecord[]>,
): Promise<{ cursor: number; records: TRecord[] }> {
  const current = await feedVersion(db, businessId, feed);
  const whole = since === 0 || since > current;
  const changed = whole ? null : await feedChangesSince(db, businessId, feed, since);
  const records = changed?.keys.length === 0 ? [] : await list(changed?.keys);
  return { cursor: changed?.cursor ?? current, records };
}
