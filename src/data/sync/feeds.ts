/**
 * What a pull brings in: each domain whose records several devices change declares its feed (how
 * this device asks for what changed since it last asked), registered once in data/feeds.ts. The
 * live updates (sync/live.ts) run them all when the business has changed.
 */
export interface Feed {
  name: string;
  /**
   * Brings what changed since this device's cursor into its stores. `changed`: the server said
   * the business changed; else the device has just connected, and a feed a screen has just
   * pulled may let that pull stand.
   */
  pull: (changed: boolean) => Promise<unknown>;
}

let feeds: readonly Feed[] = [];

export function registerFeeds(list: readonly Feed[]) {
  feeds = list;
}

/** Every feed at once; one that fails (offline, refused) leaves the others to finish. */
export async function pullFeeds(changed: boolean): Promise<void> {
  await Promise.allSettled(feeds.map((feed) => feed.pull(changed)));
}
