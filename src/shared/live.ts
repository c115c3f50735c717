import * as v from 'valibot';

/**
 * Live updates (ARCHITECTURE.md section 4): the server streams, as Server-Sent Events, the
 * version a business has reached each time a write of it commits; a device that hears a newer
 * one than it last pulled at pulls what changed.
 */
export const LIVE_PATH = '/live';
export const LIVE_EVENT = 'changed';

export const LiveChangeSchema = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
});

/**
 * The `changed` events of a Server-Sent Events body (its reader, which the caller may cancel),
 * as versions, until it ends; `alive` on everything that arrives (heartbeats too).
 */
export async function readLiveVersions(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  heard: (version: number) => void,
  alive: () => void = () => {},
) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    alive();
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (event !== LIVE_EVENT || data === undefined) continue;
      const parsed = v.safeParse(LiveChangeSchema, safeJson(data));
      if (parsed.success) heard(parsed.output.version);
    }
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
