/**
 * The service worker's cache of API answers ('vintry-api'). They belong to the signed-in user:
 * signing out deletes them, so the next person on a shared tablet never sees them.
 */
export const API_CACHE_NAME = 'vintry-api';

export async function clearApiCache() {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE_NAME);
}

/**
 * Set by the worker on an answer it took from this cache because the network failed or was too
 * slow: the screen then says how old what it shows is.
 */
export const FROM_CACHE_HEADER = 'X-Vintry-From-Cache';
