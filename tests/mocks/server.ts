import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { LIVE_EVENT } from '#shared/live.ts';
import type { BatchAnswer, BatchRequest } from '#shared/sync/batch.ts';

/**
 * The msw server the unit tests install handlers on, one test at a time. /health answers unless a
 * test says otherwise: the app asks it when its first screen opens. POST /batch runs each write
 * as its own request against the test's handlers, as the real server runs it through its routes;
 * a write that cannot reach its handler fails the batch as a network error would.
 */
/** The open live streams (GET /live) and the business version they last heard. */
const liveStreams = new Set<ReadableStreamDefaultController<Uint8Array>>();
let liveVersion = 1;
const liveEvent = (version: number) =>
  new TextEncoder().encode(`event: ${LIVE_EVENT}\ndata: ${JSON.stringify({ version })}\n\n`);

/** The business changed on another device: every open live stream hears a newer version. */
export function announceChange() {
  liveVersion += 1;
  for (const stream of liveStreams) {
    try {
      stream.enqueue(liveEvent(liveVersion));
    } catch {
      liveStreams.delete(stream);
    }
  }
}

export const mockServer = setupServer(
  http.get('*/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'pglite' })),
  // The live stream opens with the version now and stays open; announceChange() speaks on it.
  http.get('*/api/v1/live', () => {
    let opened: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        opened = controller;
        liveStreams.add(controller);
        controller.enqueue(liveEvent(liveVersion));
      },
      cancel() {
        if (opened) liveStreams.delete(opened);
      },
    });
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }),
  // The one pull, unless a test says otherwise: nothing changed since each cursor, and a device
  // holding no catalogue downloads it whole (GET /inventory/enhanced, the test's own handler).
  http.get('*/api/v1/changes', ({ request }) => {
    const asked = new URL(request.url).searchParams;
    const since = (feed: string) => Number(asked.get(feed));
    return HttpResponse.json({
      ...(asked.has('catalogue') && {
        catalogue:
          since('catalogue') === 0
            ? { version: 0, full: true }
            : { version: since('catalogue'), full: false, products: [], deleted: [] },
      }),
      ...(asked.has('stocktakes') && {
        stocktakes: { cursor: since('stocktakes'), stocktakes: [] },
      }),
    });
  }),
  // Alerts, unless a test says otherwise: nothing stands.
  http.get('*/api/v1/alerts', () =>
    HttpResponse.json({ as_of: new Date().toISOString(), alerts: [], more: {} }),
  ),
  http.post('*/api/v1/batch', async ({ request }) => {
    const { writes } = (await request.json()) as BatchRequest;
    const origin = new URL(request.url).origin;
    const answers: BatchAnswer['answers'] = [];
    try {
      for (const write of writes) {
        const headers: Record<string, string> = {
          authorization: request.headers.get('authorization') ?? '',
          'idempotency-key': write.idempotency_key,
        };
        if (write.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${origin}/api/v1${write.path}`, {
          method: write.method,
          headers,
          ...(write.body !== undefined ? { body: JSON.stringify(write.body) } : {}),
        });
        const text = await response.text();
        const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
        answers.push({
          status: response.status,
          body: text ? JSON.parse(text) : null,
          ...(Number.isFinite(retryAfter) ? { retry_after: retryAfter } : {}),
        });
      }
    } catch {
      return HttpResponse.error();
    }
    return HttpResponse.json({ answers });
  }),
);
