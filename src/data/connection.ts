import { HEALTH_PATH } from '#shared/api.ts';
import { FROM_CACHE_HEADER } from './api-cache.ts';

/**
 * Whether the server can be reached, as far as this page can tell. navigator.onLine only says the
 * device has a network: on a shop's Wi-Fi whose internet is down, or in a browser that reports it
 * wrongly after a reload, it stays true while every request fails. So a request that fails for
 * want of a network, or an answer the service worker took from its cache for the same reason,
 * marks the server unreachable until a live answer arrives again. While a screen watches, a small
 * probe of /health asks again after a few seconds, then less often.
 */
export const PROBE_DELAYS_MS = [3_000, 6_000, 12_000, 30_000] as const;

let reachable = true;
/** Whether the server has answered (or failed to) since the page started. */
let heard = false;
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let failedProbes = 0;
let probing = false;

function setReachable(next: boolean) {
  heard = true;
  if (reachable === next) return;
  reachable = next;
  for (const listener of listeners) listener();
}

export function serverReachable(): boolean {
  return reachable;
}

/** A fetch failed without an answer: no network, or the server is down. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function noteAnswer(response: Response) {
  if (response.headers.get(FROM_CACHE_HEADER) !== null) noteUnreachable();
  else noteReachable();
}

function noteReachable() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  failedProbes = 0;
  setReachable(true);
}

/** The service worker could not reach the server: this page says so too, and asks again. */
export function noteUnreachableElsewhere() {
  noteUnreachable();
}

function noteUnreachable() {
  setReachable(false);
  scheduleProbe();
}

/** `fetch`, noting what its outcome says about the connection. Every API call goes through it. */
export const UNREACHABLE_MESSAGES = {
  offline: 'You are offline. This needs the server: try again when you are back online.',
  unreachable: 'The server could not be reached. Try again in a moment.',
} as const;

/**
 * A fetch that got no answer, said in words: the browser's own message ('Failed to fetch') means
 * nothing to a person and reaches the screen wherever an error's message is shown. Still a
 * TypeError, as fetch's own is, so every check for a network failure holds.
 */
export class UnreachableError extends TypeError {
  override name = 'UnreachableError';
  constructor() {
    super(
      typeof navigator !== 'undefined' && navigator.onLine === false
        ? UNREACHABLE_MESSAGES.offline
        : UNREACHABLE_MESSAGES.unreachable,
    );
  }
}

export async function fetchNotingConnection(input: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    noteUnreachable();
    throw new UnreachableError();
  }
  noteAnswer(response);
  return response;
}

function scheduleProbe() {
  if (probeTimer !== undefined || listeners.size === 0) return;
  const delay = PROBE_DELAYS_MS[Math.min(failedProbes, PROBE_DELAYS_MS.length - 1)];
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probeNow();
  }, delay);
}

/**
 * Asks /health once, unless the server is known to answer or a probe is already asking. A page
 * that opens from its stored copy may make no request for a while: its first screen asks, so
 * that an unreachable server is known at once.
 */
export async function probeNow(): Promise<void> {
  if ((reachable && heard) || probing) return;
  probing = true;
  let answered = false;
  try {
    const response = await fetch(HEALTH_PATH, { cache: 'no-store' });
    answered = response.headers.get(FROM_CACHE_HEADER) === null;
  } catch {
    // Still no answer: try again later.
  } finally {
    probing = false;
  }
  if (answered) {
    noteReachable();
  } else {
    failedProbes += 1;
    setReachable(false);
    scheduleProbe();
  }
}

/** For screens: called when the server becomes reachable or unreachable. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  if (!heard) void probeNow();
  else if (!reachable) scheduleProbe();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(probeTimer);
    probeTimer = undefined;
  };
}

/** Tests start from a reachable server. */
export function resetConnectionForTests() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  failedProbes = 0;
  probing = false;
  reachable = true;
  heard = false;
}
