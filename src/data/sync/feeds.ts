/**
 * What a pull brings in: each domain whose records several devices change declares its feed (how
 * this device asks for what changed since it last asked), registered once in data/feeds.ts. The
 * live updates (sync/live.ts) run them all when the business has changed.
 */
export interface Feed {
  name: string;
  /** Brings what changed since this device's cursor into its stores. */
  pull: () => Promise<unknown>;
}

let feeds: readonly Feed[] = [];

export function registerFeeds(list: readonly Feed[]) {
  feeds = list;
}

/** Every feed at once; one that fails (offline, refused) leaves the others to finish. */
export async function pullFeeds(): Promise<void> {
  await Promise.allSettled(feeds.map((feed) => feed.pull()));
}
