import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_HEADER } from '#data/api-cache.ts';
import {
  fetchNotingConnection,
  PROBE_DELAYS_MS,
  serverReachable,
  subscribeConnection,
  UNREACHABLE_MESSAGES,
} from '#data/connection.ts';

/** The probe's back-off, with fetch replaced so that time can be moved by hand. */
describe('server reachability', () => {
  const calls: string[] = [];
  let answer: () => Promise<Response>;

  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        calls.push(input);
        return answer();
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says a fetch that got no answer in words, still as the TypeError fetch throws', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const error = await fetchNotingConnection('/api/v1/dashboard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(UNREACHABLE_MESSAGES.unreachable);
    onLine.mockReturnValue(false);
    await expect(fetchNotingConnection('/api/v1/dashboard')).rejects.toThrow(
      UNREACHABLE_MESSAGES.offline,
    );
    onLine.mockRestore();
  });

  it('asks /health when a screen opens, then after 6, 12 and every 30 seconds until it answers', async () => {
    const changes: boolean[] = [];
    const stop = subscribeConnection(() => changes.push(serverReachable()));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['/api/v1/health']);
    expect(serverReachable()).toBe(false);
    expect(changes).toEqual([false]);

    // A request of the screen's own fails too: nothing changes, no extra probe is started.
    await expect(fetchNotingConnection('/api/v1/dashboard')).rejects.toThrow(TypeError);
    expect(changes).toEqual([false]);

    for (const delay of [...PROBE_DELAYS_MS.slice(1), 30_000]) {
      const before = calls.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls.slice(before)).toEqual(['/api/v1/health']);
    }

    answer = () => Promise.resolve(new Response('{}', { status: 200 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(serverReachable()).toBe(true);
    expect(changes).toEqual([false, true]);

    // Reachable again: no more probes.
    const after = calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.length).toBe(after);
    stop();
  });

  it('a server that answered is not asked again when another screen opens', async () => {
    answer = () => Promise.resolve(new Response('{}', { status: 200 }));
    const stop = subscribeConnection(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stopAnother = subscribeConnection(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['/api/v1/health']);
    expect(serverReachable()).toBe(true);
    stop();
    stopAnother();
  });

  it('an answer the service worker took from its cache means no connection', async () => {
    answer = () =>
      Promise.resolve(new Response('{}', { status: 200, headers: { [FROM_CACHE_HEADER]: '1' } }));
    await fetchNotingConnection('/api/v1/dashboard');
    expect(serverReachable()).toBe(false);
  });

  it('does not probe when no screen watches', async () => {
    await expect(fetchNotingConnection('/api/v1/dashboard')).rejects.toThrow(TypeError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['/api/v1/dashboard']);
  });

  it('any live answer, even an error status, means the server is reachable', async () => {
    await expect(fetchNotingConnection('/api/v1/dashboard')).rejects.toThrow(TypeError);
    answer = () => Promise.resolve(new Response('{}', { status: 500 }));
    const response = await fetchNotingConnection('/api/v1/dashboard');
    expect(response.status).toBe(500);
    expect(serverReachable()).toBe(true);
  });
});
