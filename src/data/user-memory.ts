/**
 * What a page keeps in memory of the signed-in user (the query cache, the catalogue read from
 * Dexie). It is forgotten when the device changes hands (device-owner.ts) and when the session
 * ends or changes in another tab (session.ts), so the next person never sees any of it.
 */
const forgetters = new Set<() => void>();

export function onForgetUser(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

export function forgetUserInMemory() {
  for (const forget of forgetters) forget();
}
