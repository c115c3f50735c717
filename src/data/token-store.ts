/**
 * Where the API client finds and keeps the tokens. A page keeps them in localStorage (the spec's
 * keys) with an IndexedDB mirror; the service worker has only the mirror. Each context installs
 * its own store at start (session.ts in the page, worker-session.ts in the worker).
 */
export interface Tokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  /** The tokens to send with the next request. */
  current(): Promise<Tokens>;
  /** What any context stored last: read inside the refresh lock, so a refresh is never repeated. */
  latest(): Promise<Tokens>;
  /** A refresh succeeded. */
  renewed(accessToken: string, refreshToken: string | undefined): Promise<void>;
  /** The session has ended (the refresh was refused, or nothing to refresh with). */
  ended(notice: string | null): Promise<void>;
}

let installed: TokenStore | null = null;

export function installTokenStore(store: TokenStore) {
  installed = store;
}

export function tokenStore(): TokenStore {
  if (!installed) throw new Error('No token store is installed in this context');
  return installed;
}
