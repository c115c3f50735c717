import { createMiddleware } from 'hono/factory';

/**
 * Answers read from the database, kept in memory until this process next handles a write. Every
 * request other than GET or HEAD counts as a write: everything is forgotten when it starts and
 * again when its handler has finished (committed). Writes are rare beside reads, so forgetting
 * everything is simple and cannot go wrong.
 *
 * A value loaded while a write was running is not kept: it is stamped with the generation its load
 * started in, and a write ends that generation. Only for the embedded database, whose folder
 * belongs to one process (DATA_DIR/vintry.lock); on PostgreSQL another process may write, so
 * every read goes to the database.
 */
const MAX_ENTRIES = 5_000;

export interface ReadCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything now (a cache kept for fewer writes than all of them). */
  forget(): void;
  /** Forgets everything when a write request starts and again when it has finished. */
  invalidateAfterWrites: ReturnType<typeof createMiddleware>;
}

export function createReadCache({ enabled }: { enabled: boolean }): ReadCache {
  let generation = 0;
  const entries = new Map<string, { generation: number; value: unknown }>();
  const forget = () => {
    generation += 1;
    entries.clear();
  };

  return {
    forget,
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      const entry = entries.get(key);
      if (entry && entry.generation === generation) return entry.value as T;
      const startedIn = generation;
      const value = await load();
      if (startedIn === generation) {
        entries.delete(key);
        entries.set(key, { generation: startedIn, value });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    invalidateAfterWrites: createMiddleware(async (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      // Before: the write's own handler reads what it wrote. After: what others read meanwhile.
      forget();
      try {
        await next();
      } finally {
        forget();
      }
    }),
  };
}
