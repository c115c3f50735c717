import { readLiveVersions } from '#shared/live.ts';

/**
 * A device listening to GET /api/v1/live, as the tests see it: each version the stream sends, in
 * order, and `next()` to wait for the next one (or fail after `withinMs`).
 */
export function listenTo(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('the answer has no stream');
  const versions: number[] = [];
  const waiting: ((version: number) => void)[] = [];
  const done = readLiveVersions(reader, (version) => {
    versions.push(version);
    waiting.shift()?.(version);
  }).catch(() => {});
  let taken = 0;
  return {
    versions,
    /** The next version not yet taken. */
    next(withinMs = 3_000): Promise<number> {
      const ready = versions[taken];
      if (ready !== undefined) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no change heard in ${withinMs} ms`)),
          withinMs,
        );
        waiting.push((version) => {
          clearTimeout(timer);
          taken += 1;
          resolve(version);
        });
      });
    },
    async close() {
      await reader.cancel().catch(() => {});
      await done;
    },
  };
}
