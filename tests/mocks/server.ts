import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { BatchAnswer, BatchRequest } from '#shared/sync/batch.ts';

/**
 * The msw server the unit tests install handlers on, one test at a time. /health answers unless a
 * test says otherwise: the app asks it when its first screen opens. POST /batch runs each write
 * as its own request against the test's handlers, as the real server runs it through its routes;
 * a write that cannot reach its handler fails the batch as a network error would.
 */
export const mockServer = setupServer(
  http.get('*/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'pglite' })),
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
