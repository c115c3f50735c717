import type { FeedDeclaration } from '#shared/feed-declaration.ts';
import { db } from '../db.ts';
import { type DeviceFeed, deviceFeed } from './feeds.ts';

/**
 * A feed of records this device keeps in a table of its own: its cursor kept in `meta`, asked
 * from 0 once the device wants the domain (a screen of it was opened) or holds records of it,
 * and not at all before (a phone that never opened buying is sent none of it).
 */
export function keptFeed<TAnswer extends { cursor: number }>(options: {
  declaration: FeedDeclaration<string, TAnswer>;
  wanted: () => boolean;
  held: () => Promise<number>;
  store: (answer: TAnswer) => Promise<unknown>;
}): DeviceFeed {
  const key = `feed:${options.declaration.name}` as const;
  return deviceFeed<TAnswer>({
    declaration: options.declaration,
    async cursor() {
      const stored = await db.meta.get(key);
      if (stored?.key === key) return stored.cursor;
      return options.wanted() || (await options.held()) > 0 ? 0 : null;
    },
    async accept(answer) {
      await options.store(answer);
      await db.meta.put({ key, cursor: answer.cursor });
    },
  });
}
