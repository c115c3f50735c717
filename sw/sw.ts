/// <reference lib="webworker" />

import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME, FROM_CACHE_HEADER } from '#data/api-cache.ts';
import { installWriteHandlers } from '#data/modules.ts';
import { OUTBOX_SYNC_TAG } from '#data/sync/background-sync.ts';
import { replayOnSync } from '#data/sync/replayer.ts';
import { installWorkerSession } from '#data/worker-session.ts';
import { readOf } from '#domains/modules.ts';
import { API_PREFIX } from '#shared/api.ts';

/**
 * Vintry's service worker:
 * - the built app shell is precached, outdated caches are removed, and every app route opens
 *   the shell offline (never /api);
 * - API reads go to the network first, with a short timeout, falling back to the last answer
 *   (sign-in calls, the catalogue, which lives in IndexedDB, and /health, which the page asks
 *   to learn whether the server answers, are left alone);
 * - a `sync` event sends the outbox with no page open, renewing the access token when needed;
 * - the first install controls the page at once; a waiting version takes over only when a
 *   page asks it to (the update prompt).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
};

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

installWorkerSession(self.clients);
installWriteHandlers();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the page that installed it: a shop that signs in once and loses the
// connection on that same page still opens every screen from the precache. (A page already
// controlled moves to a new version only through the update prompt; claiming changes nothing
// for it.)
clientsClaim();

registerRoute(
  // The API and the health check answer for themselves; every other page is the app's.
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/health$/],
  }),
);

registerRoute(
  // Reads whose domain declares them kept ('network-first', src/domains/*/reads.ts), and the
  // uploaded files they show: from the network, else the last answer kept (viewing offline).
  // Everything else (auth, the live stream, reads the page keeps itself) never comes from here.
  ({ url, request }) => {
    if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) return false;
    const path = url.pathname.slice(API_PREFIX.length);
    return path.startsWith('/upload/') || readOf(path)?.caching === 'network-first';
  },
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: 4,
    plugins: [
      {
        // Only used when the network failed or was too slow: tell the page it is an old answer.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(FROM_CACHE_HEADER, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOnSync());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
