/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME, FROM_CACHE_HEADER } from '#data/api-cache.ts';
import { OUTBOX_SYNC_TAG } from '#data/sync/background-sync.ts';
import { replayOnSync } from '#data/sync/replayer.ts';
import { installWorkerSession } from '#data/worker-session.ts';
import { installWriteHandlers } from '#data/write-handlers.ts';
import { API_PREFIX, HEALTH_PATH } from '#shared/api.ts';
import { LIVE_PATH } from '#shared/live.ts';

/**
 * Vintry's service worker:
 * - the built app shell is precached, outdated caches are removed, and every app route opens
 *   the shell offline (never /api);
 * - API reads go to the network first, with a short timeout, falling back to the last answer
 *   (sign-in calls, the catalogue, which lives in IndexedDB, and /health, which the page asks
 *   to learn whether the server answers, are left alone);
 * - a `sync` event sends the outbox with no page open, renewing the access token when needed;
 * - a waiting version takes over only when a page asks it to (the update prompt).
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

registerRoute(
  // The API and the health check answer for themselves; every other page is the app's.
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/health$/],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/v1/') &&
    !url.pathname.startsWith('/api/v1/auth/') &&
    // The catalogue is kept in IndexedDB by the page, and an old feed of changes applied again
    // would undo newer ones: neither goes through this cache.
    url.pathname !== '/api/v1/inventory/enhanced' &&
    url.pathname !== '/api/v1/catalogue/changes' &&
    // Sales, their returns and the POS's settings are kept by the page in IndexedDB as the
    // tablet changes them: an old answer from here would forget a return made since.
    url.pathname !== '/api/v1/sales' &&
    !url.pathname.startsWith('/api/v1/sales/') &&
    url.pathname !== HEALTH_PATH &&
    // The live stream never ends: the browser reads it as it comes, never from a cache.
    url.pathname !== `${API_PREFIX}${LIVE_PATH}`,
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
