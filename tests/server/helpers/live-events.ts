import * as v from 'valibot';
import { LIVE_EVENT, LiveChangeSchema } from '#shared/live.ts';

/**
 * A device listening to GET /api/v1/live, as the tests see it: each version the stream sends, in
 * order, and `next()` to wait for the next one (or fail after `withinMs`).
 */
export function listenTo(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('the answer has no stream');
  const decoder = new TextDecoder();
  const versions: number[] = [];
  const waiting: ((version: number) => void)[] = [];
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader
        .read()
        .catch(() => ({ value: undefined, done: true }));
      if (ended) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event !== LIVE_EVENT || data === undefined) continue;
        const { version } = v.parse(LiveChangeSchema, JSON.parse(data));
        versions.push(version);
        waiting.shift()?.(version);
      }
    }
  })();
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
