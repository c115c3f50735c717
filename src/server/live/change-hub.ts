import { eq, sql } from 'drizzle-orm';
import type { Db, DbKind } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import type { Logger } from '../logger.ts';

/**
 * Who hears that a business changed. After a write of a business commits, its version is bumped
 * from one sequence and the devices listening on this instance hear it at once. Other instances
 * (several behind a load balancer on PostgreSQL) find it by reading, every POLL_MS while someone
 * listens to them, the businesses changed in the last WINDOW seconds: one indexed read, which
 * heals by itself where a dropped LISTEN connection would lose nudges unseen. The window, not a
 * cursor of versions, because two writes may commit in the other order than they took their
 * numbers; each business's listeners hear a version once, and only a newer one.
 */
export const LIVE_POLL_MS = 500;
const WINDOW_SECONDS = 10;

export type ChangeListener = (version: number) => void;

export interface ChangeHub {
  /** A write of the business has committed: bump its version and tell its listeners. */
  changed(businessId: string): Promise<void>;
  /** The business's version now: what a device that connects is told first. */
  versionOf(businessId: string): Promise<number>;
  /** Hears each newer version of the business; answers how to stop. */
  listen(businessId: string, listener: ChangeListener): () => void;
  /** How many listen now (the benchmarks and the tests read it). */
  listening(): number;
  close(): void;
}

export function createChangeHub(db: Db, dbKind: DbKind, log: Logger): ChangeHub {
  const listeners = new Map<string, Set<ChangeListener>>();
  const heard = new Map<string, number>();
  let count = 0;

  const tell = (businessId: string, version: number) => {
    if ((heard.get(businessId) ?? 0) >= version) return;
    heard.set(businessId, version);
    for (const listener of listeners.get(businessId) ?? []) listener(version);
  };

  // Only PostgreSQL has other instances to hear from: PGlite's folder is this process's alone.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const poll = async () => {
    timer = undefined;
    if (closed || count === 0) return;
    try {
      const result = await db.execute(sql`
        select id, change_version from ${businesses}
        where changed_at > clock_timestamp() - make_interval(secs => ${WINDOW_SECONDS})`);
      for (const row of resultRows<{ id: string; change_version: string | number }>(result)) {
        if (listeners.has(row.id)) tell(row.id, Number(row.change_version));
      }
    } catch (error) {
      log.error('Looking for other instances’ changes failed; trying again', error);
    }
    if (!closed && count > 0) timer = setTimeout(poll, LIVE_POLL_MS);
  };
  const startPolling = () => {
    if (dbKind === 'postgres' && timer === undefined && !closed) {
      timer = setTimeout(poll, LIVE_POLL_MS);
    }
  };

  return {
    async changed(businessId) {
      const [row] = await db
        .update(businesses)
        .set({
          changeVersion: sql`nextval('change_versions')`,
          changedAt: sql`clock_timestamp()`,
        })
        .where(eq(businesses.id, businessId))
        .returning({ version: businesses.changeVersion });
      if (row) tell(businessId, Number(row.version));
    },
    async versionOf(businessId) {
      const [row] = await db
        .select({ version: businesses.changeVersion })
        .from(businesses)
        .where(eq(businesses.id, businessId));
      return Number(row?.version ?? 0);
    },
    listen(businessId, listener) {
      let set = listeners.get(businessId);
      if (!set) {
        set = new Set();
        listeners.set(businessId, set);
      }
      set.add(listener);
      count += 1;
      startPolling();
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) listeners.delete(businessId);
      };
    },
    listening: () => count,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
