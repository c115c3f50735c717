import { LIVE_PATH, readLiveVersions } from '#shared/live.ts';
import { apiFetch } from '../api-client.ts';

/**
 * Keeps this device current with every other (ARCHITECTURE.md section 4): it listens to the
 * server's stream of its business's versions (GET /live, Server-Sent Events read through fetch so
 * that the token goes in a header, never in the URL) and pulls when it hears a newer version than
 * it last pulled at. The first version comes as the stream opens, so a device that was offline or
 * asleep catches up as soon as it connects again. Where the stream cannot be held (a proxy that
 * buffers, a server without it) the device pulls on focus, on reconnect and every 60 s.
 */
export const FALLBACK_PULL_MS = 60_000;
/**
 * The server says something at least every 20 s (a heartbeat): a stream silent for longer than
 * this is dead without having said so (a laptop lid closed, Wi-Fi changed) and is opened again.
 */
export const SILENT_STREAM_MS = 50_000;
/** A pull waits this long after the nudge that asks for it, for the rest of a burst. */
export const PULL_SETTLE_MS = 150;
/** Waits before connecting again after a failure, longer each time. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/**
 * Why a pull: the first version heard since the page opened ('connected': the screens have just
 * read what they show, the stores may be behind), or a newer one since ('changed').
 */
export type PullReason = 'connected' | 'changed';

export interface LiveOptions {
  /** Pulls what changed: every domain's feed and, for a change, the reads the screens show. */
  pull: (reason: PullReason) => Promise<void>;
  /** Whether someone is signed in here (no stream without a session). */
  signedIn: () => boolean;
  /** Called when the stream is held or lost (for a test or a status to say). */
  onConnection?: (connected: boolean) => void;
}

export function startLiveUpdates({ pull, signedIn, onConnection }: LiveOptions): () => void {
  let stopped = false;
  let connected = false;
  let heardVersion = -1;
  let stream: AbortController | null = null;
  let wake: (() => void) | null = null;
  let lastHeard = 0;

  // One pull at a time, PULL_SETTLE_MS after the first nudge, so a burst of changes (an
  // import, a replay of many sales) makes one pull; a nudge heard meanwhile makes one more.
  let pulling = false;
  let pullAgain: PullReason | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const requestPull = (reason: PullReason = 'changed') => {
    if (stopped || !signedIn()) return;
    if (pulling) {
      if (pullAgain !== 'changed') pullAgain = reason;
      return;
    }
    pulling = true;
    settle = setTimeout(() => {
      void pull(pullAgain === 'changed' ? 'changed' : reason)
        .catch(() => {})
        .finally(() => {
          pulling = false;
          const next = pullAgain;
          pullAgain = null;
          if (next && !stopped) requestPull(next);
        });
      pullAgain = null;
    }, PULL_SETTLE_MS);
  };

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    onConnection?.(value);
  };

  /** Waits `ms`, or less when the connection comes back or the loop is stopped. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function holdStream() {
    let failures = 0;
    while (!stopped) {
      if (!signedIn() || !navigator.onLine) {
        await pause(RECONNECT_DELAYS_MS[0]);
        continue;
      }
      stream = new AbortController();
      lastHeard = Date.now();
      let held = false;
      try {
        const response = await apiFetch(LIVE_PATH, {
          signal: stream.signal,
          headers: { Accept: 'text/event-stream' },
          cache: 'no-store',
        });
        const type = response.headers.get('Content-Type') ?? '';
        if (!response.body || !type.startsWith('text/event-stream')) throw new Error('no stream');
        await readLiveVersions(
          response.body.getReader(),
          (version) => {
            held = true;
            failures = 0;
            setConnected(true);
            if (version > heardVersion) {
              requestPull(heardVersion < 0 ? 'connected' : 'changed');
              heardVersion = version;
            }
          },
          () => {
            lastHeard = Date.now();
          },
        );
      } catch {
        // Offline, signed out, or the server went away: said by `connected`, tried again below.
      } finally {
        stream = null;
        setConnected(false);
      }
      if (stopped) return;
      // A stream the server ended in good order (its lifetime is up) opens again at once.
      if (!held) failures += 1;
      if (failures > 0) {
        await pause(RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length) - 1] ?? 0);
      }
    }
  }

  // A stream open when the network went may hang rather than fail: each change of the network
  // opens it again.
  const onOnline = () => {
    stream?.abort();
    wake?.();
    requestPull();
  };
  const onOffline = () => stream?.abort();
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    // Back from sleep, a stream may be dead without having said so: pull, and wake the loop.
    requestPull();
    wake?.();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const fallback = setInterval(() => {
    if (!connected) requestPull();
  }, FALLBACK_PULL_MS);
  const watchdog = setInterval(() => {
    if (stream && Date.now() - lastHeard > SILENT_STREAM_MS) stream.abort();
  }, SILENT_STREAM_MS / 4);
  void holdStream();

  return () => {
    stopped = true;
    clearTimeout(settle);
    clearInterval(fallback);
    clearInterval(watchdog);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
    stream?.abort();
    wake?.();
  };
}
