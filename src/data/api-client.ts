import * as v from 'valibot';
import { API_PREFIX } from '#shared/api.ts';
import {
  AUTH_MESSAGES,
  apiCallFailedMessage,
  SERVER_AUTH_MESSAGES,
} from '#shared/auth/messages.ts';
import { RefreshResponseSchema } from '#shared/auth/schemas.ts';
import { type ReadDeclaration, readPath } from '#shared/read-declaration.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import type { RouteParams } from '#shared/write-declaration.ts';
import { fetchNotingConnection } from './connection.ts';
import { tokenStore } from './token-store.ts';

/**
 * Every call to the API goes through here. Authenticated calls carry the Bearer token read at
 * send time and the JSON content type; a 401 triggers one token refresh and one retry. Refreshes
 * are single-flight: concurrent 401s in this context share one promise, and other tabs and the
 * service worker wait on the `vintry-auth-refresh` Web Lock, then see the token already renewed
 * (in the session mirror) and reuse it.
 */

/** A non-OK answer. `serverMessage` is the `{message}` the server sent, when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
    /** The server's Retry-After, in seconds, when it sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get serverMessage(): string | undefined {
    const parsed = v.safeParse(ErrorBodySchema, this.body);
    return parsed.success ? parsed.output.message : undefined;
  }
}

/** The session ended: the refresh was refused, or there was nothing to refresh with. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  /**
   * The person may not sign in again as things stand (disabled): their waiting writes are set
   * aside as needing attention, not kept for their next session.
   */
  constructor(
    message: string,
    readonly holdsWrites = false,
  ) {
    super(message);
  }
}

/** The answer's body: parsed JSON, the text when it is not JSON, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function withHeaders(init: RequestInit, accessToken: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (!(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  return { ...init, headers };
}

/** An authentication call (no Bearer header). Answers the parsed JSON body, or throws ApiError. */
export async function publicPost(path: string, body: unknown): Promise<unknown> {
  const response = await fetchNotingConnection(
    `${API_PREFIX}${path}`,
    withHeaders({ method: 'POST', body: JSON.stringify(body) }, null),
  );
  const parsed = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(
      apiCallFailedMessage(response.status, response.statusText),
      response.status,
      response.statusText,
      parsed,
    );
    throw error;
  }
  return parsed;
}

let refreshInFlight: Promise<string> | null = null;

async function performRefresh(staleAccessToken: string | null): Promise<string> {
  const store = tokenStore();
  const { accessToken, refreshToken } = await store.latest();
  // Another tab, the worker or an earlier call renewed the token while this call was waiting.
  if (accessToken && staleAccessToken && accessToken !== staleAccessToken) {
    const mine = await store.current();
    if (mine.accessToken !== accessToken)
      await store.renewed(accessToken, refreshToken ?? undefined);
    return accessToken;
  }
  if (!refreshToken) {
    await store.ended(null);
    throw new SessionExpiredError(AUTH_MESSAGES.noRefreshToken);
  }
  // A network failure propagates as it is: being offline must not sign anyone out.
  const response = await fetchNotingConnection(
    `${API_PREFIX}/auth/refresh`,
    withHeaders({ method: 'POST', body: JSON.stringify({ refreshToken }) }, null),
  );
  const body = await readBody(response);
  if (isDisabledAnswer(response.status, body)) {
    // Loaded when needed: the sign-in screen's script carries no IndexedDB code.
    const { holdEveryWrite } = await import('./sync/outbox.ts');
    await holdEveryWrite(SERVER_AUTH_MESSAGES.accountDisabled);
    await store.ended(SERVER_AUTH_MESSAGES.accountDisabled);
    throw new SessionExpiredError(SERVER_AUTH_MESSAGES.accountDisabled, true);
  }
  const parsed = v.safeParse(RefreshResponseSchema, response.ok ? body : null);
  if (!parsed.success) {
    await store.ended(null);
    throw new SessionExpiredError(AUTH_MESSAGES.refreshFailed);
  }
  await store.renewed(parsed.output.accessToken, parsed.output.refreshToken);
  return parsed.output.accessToken;
}

/** The refresh refused because the person was disabled (Team & Permissions). */
function isDisabledAnswer(status: number, body: unknown): boolean {
  const parsed = v.safeParse(ErrorBodySchema, body);
  return (
    status === 401 &&
    parsed.success &&
    parsed.output.message === SERVER_AUTH_MESSAGES.accountDisabled
  );
}

/**
 * Renews the access token once for everyone waiting. `staleAccessToken` is the token the caller's
 * request was refused with; when the stored one already differs, no new refresh is made.
 */
export function refreshAccessToken(staleAccessToken: string | null): Promise<string> {
  refreshInFlight ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks
        ? await locks.request('vintry-auth-refresh', () => performRefresh(staleAccessToken))
        : await performRefresh(staleAccessToken);
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/**
 * An authenticated call. Answers the Response when it is OK (or 304); otherwise throws ApiError with
 * 'API call failed: {status} {statusText}', or the session-expired error when the refresh after a
 * 401 fails (the user is then signed out).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = `${API_PREFIX}${path}`;
  const { accessToken, refreshToken } = await tokenStore().current();
  let response = await fetchNotingConnection(url, withHeaders(init, accessToken));
  // Refused with nothing to refresh with: no one is signed in here (any more).
  if (response.status === 401 && !refreshToken) {
    throw new SessionExpiredError(AUTH_MESSAGES.sessionExpired);
  }
  if (response.status === 401) {
    let renewed: string;
    try {
      renewed = await refreshAccessToken(accessToken);
    } catch (error) {
      // A disabled person's session has ended already, with its own notice.
      if (error instanceof SessionExpiredError && error.holdsWrites) throw error;
      if (error instanceof SessionExpiredError) {
        await tokenStore().ended(AUTH_MESSAGES.sessionExpired);
        throw new SessionExpiredError(AUTH_MESSAGES.sessionExpired);
      }
      throw error;
    }
    response = await fetchNotingConnection(url, withHeaders(init, renewed));
  }
  // 304 answers a conditional request: the caller's copy is current.
  if (!response.ok && response.status !== 304) {
    const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new ApiError(
      apiCallFailedMessage(response.status, response.statusText),
      response.status,
      response.statusText,
      await readBody(response),
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return response;
}

/** An authenticated call whose JSON answer is validated with a shared schema. */
export async function apiJson<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  init: RequestInit = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await apiFetch(path, init);
  return v.parse(schema, await readBody(response));
}

/** A declared read (src/domains/<name>/reads.ts): its path made and its answer checked by it. */
export function readJson<TSchema extends v.GenericSchema, TRoute extends string>(
  read: ReadDeclaration<TSchema, TRoute>,
  params: Record<RouteParams<TRoute>, string | number>,
  query?: Record<string, string | number | undefined>,
  init: RequestInit = {},
): Promise<v.InferOutput<TSchema>> {
  return apiJson(readPath(read, params, query), read.answer, init);
}
