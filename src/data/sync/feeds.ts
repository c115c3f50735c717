import { type FeedDeclaration, PULL_ROUTE, pullAnswerSchema } from '#shared/feed-declaration.ts';
import { readPath } from '#shared/read-declaration.ts';
import { apiJson } from '../api-client.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * The one pull (ARCHITECTURE.md section 4): every domain whose records several devices change
 * declares its feed (src/domains/<name>/feeds.ts) and, on the device, where this device is in it
 * and how it takes what changed. One request (GET /changes) asks every feed this device keeps,
 * each since its own cursor; each domain is handed its part. The live updates (sync/live.ts) pull
 * when the business changed; a screen that needs a domain the device does not hold yet asks for
 * a pull, never a fetch of its own.
 */
export interface DeviceFeed<TAnswer = unknown> {
  declaration: FeedDeclaration<string, TAnswer>;
  /**
   * Where this device is in the feed: 0 when it holds nothing yet but wants it, null when it keeps
   * nothing of the domain (a phone that never opened inventory is not sent 50,000 products).
   */
  cursor(): Promise<number | null>;
  /** Takes the feed's answer into this device's stores. */
  accept(answer: TAnswer): Promise<void>;
}

/** A domain's feed on the device; its answer is checked against its declaration before `accept`. */
export function deviceFeed<TAnswer>(feed: DeviceFeed<TAnswer>): DeviceFeed {
  return feed;
}

let feeds: readonly DeviceFeed[] = [];
let answerSchema = pullAnswerSchema([]);

export function registerFeeds(list: readonly DeviceFeed[]) {
  feeds = list;
  answerSchema = pullAnswerSchema(list.map((feed) => feed.declaration));
}

/**
 * Which person's device this is, as pulls go: the device changing hands (or the session ending)
 * starts a new era, and an answer asked for in an earlier one is dropped, not stored for the next
 * person. Their stores were emptied meanwhile; the answer is the earlier person's business.
 */
let era = 0;
onForgetUser(() => {
  era += 1;
});

async function pullOnce(): Promise<void> {
  const askedIn = era;
  const cursors = await Promise.all(
    feeds.map(async (feed) => [feed, await feed.cursor()] as const),
  );
  const asked = cursors.filter(
    (entry): entry is readonly [DeviceFeed, number] => entry[1] !== null,
  );
  if (asked.length === 0) return;
  const query = Object.fromEntries(asked.map(([feed, cursor]) => [feed.declaration.name, cursor]));
  const answer = await apiJson(readPath({ route: PULL_ROUTE }, {}, query), answerSchema, {
    cache: 'no-store',
  });
  if (era !== askedIn) return;
  // Each domain takes its part; one that fails (a download refused) leaves the others theirs.
  const taken = await Promise.allSettled(
    asked.map(([feed]) => {
      const part = answer[feed.declaration.name];
      return part === undefined ? Promise.resolve() : feed.accept(part);
    }),
  );
  const failed = taken.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

let running: Promise<void> | null = null;
let next: Promise<void> | null = null;

/**
 * Pulls every feed this device keeps. A call while a pull runs must see what happened before it,
 * which that pull may have missed: it makes one more pull after it, shared by every call
 * meanwhile. Rejects when the server cannot be reached or a domain could not take its part.
 */
export function pullFeeds(): Promise<void> {
  if (running) {
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return pullFeeds();
      });
    return next;
  }
  running = pullOnce().finally(() => {
    running = null;
  });
  return running;
}
