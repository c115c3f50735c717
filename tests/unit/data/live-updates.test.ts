import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '#data/session.ts';
import {
  FALLBACK_PULL_MS,
  PULL_SETTLE_MS,
  type PullReason,
  startLiveUpdates,
} from '#data/sync/live.ts';
import { announceChange, mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => mockServer.close());

beforeEach(async () => {
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

/** The pulls a device made, by reason, while it listened. */
function listen() {
  const pulls: PullReason[] = [];
  const connections: boolean[] = [];
  const stop = startLiveUpdates({
    signedIn: () => true,
    pull: async (reason) => {
      pulls.push(reason);
    },
    onConnection: (connected) => connections.push(connected),
  });
  return { pulls, connections, stop };
}

describe('live updates', () => {
  it('catches up when it connects, then pulls once for each newer version it hears', async () => {
    const device = listen();
    try {
      await vi.waitFor(() => expect(device.pulls).toEqual(['connected']));
      expect(device.connections).toEqual([true]);
      announceChange();
      await vi.waitFor(() => expect(device.pulls).toEqual(['connected', 'changed']));
      // A burst of changes: one pull for all of them.
      announceChange();
      announceChange();
      announceChange();
      await vi.waitFor(() => expect(device.pulls).toHaveLength(3));
      await new Promise((resolve) => setTimeout(resolve, 3 * PULL_SETTLE_MS));
      expect(device.pulls).toEqual(['connected', 'changed', 'changed']);
    } finally {
      device.stop();
    }
  });

  it('without the stream, pulls every 60 s instead', async () => {
    mockServer.use(
      http.get('*/api/v1/live', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const device = listen();
    try {
      // Each pull starts once a burst has had PULL_SETTLE_MS to end.
      await vi.advanceTimersByTimeAsync(FALLBACK_PULL_MS + PULL_SETTLE_MS);
      expect(device.pulls).toEqual(['changed']);
      await vi.advanceTimersByTimeAsync(FALLBACK_PULL_MS);
      expect(device.pulls).toEqual(['changed', 'changed']);
      expect(device.connections).toEqual([]);
    } finally {
      device.stop();
    }
  });
});
