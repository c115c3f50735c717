import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiFetch, refreshAccessToken, SessionExpiredError } from '#data/api-client.ts';
import { db } from '#data/db.ts';
import { clearSession, getSessionState, loadSession, saveSession } from '#data/session.ts';
import { clearMirror } from '#data/session-mirror.ts';
import { queueWrite } from '#data/sync/outbox.ts';
import { TEAM_MESSAGES } from '#domains/team/team.ts';
import { mockServer } from '../../mocks/server.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

beforeEach(async () => {
  await saveSession({
    accessToken: 'old-access',
    refreshToken: 'old-refresh',
    user: { email: 'demo@vintry.test' },
  });
});

describe('apiFetch', () => {
  it('sends the Bearer token and the JSON content type under /api/v1', async () => {
    let seen: { auth: string | null; type: string | null; path: string } | undefined;
    mockServer.use(
      http.get('*/api/v1/user/profile', ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          path: new URL(request.url).pathname,
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const response = await apiFetch('/user/profile');
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toEqual({
      auth: 'Bearer old-access',
      type: 'application/json',
      path: '/api/v1/user/profile',
    });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const tokensSeen: (string | null)[] = [];
    let refreshBody: unknown;
    mockServer.use(
      http.get('*/api/v1/user/profile', ({ request }) => {
        tokensSeen.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer new-access'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
      }),
      http.post('*/api/v1/auth/refresh', async ({ request }) => {
        refreshBody = await request.json();
        return HttpResponse.json({ accessToken: 'new-access', refreshToken: 'new-refresh' });
      }),
    );
    const response = await apiFetch('/user/profile');
    expect(response.status).toBe(200);
    expect(tokensSeen).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(refreshBody).toEqual({ refreshToken: 'old-refresh' });
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
  });

  it('keeps the refresh token when the refresh answer carries none', async () => {
    mockServer.use(
      http.get('*/api/v1/user/profile', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access'
          ? HttpResponse.json({})
          : new HttpResponse(null, { status: 401 }),
      ),
      http.post('*/api/v1/auth/refresh', () => HttpResponse.json({ access_token: 'new-access' })),
    );
    await apiFetch('/user/profile');
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('old-refresh');
  });

  it('makes exactly one refresh for five calls refused at once', async () => {
    let refreshes = 0;
    mockServer.use(
      http.get('*/api/v1/items/:n', ({ request, params }) =>
        request.headers.get('authorization') === 'Bearer new-access'
          ? HttpResponse.json({ n: params.n })
          : new HttpResponse(null, { status: 401 }),
      ),
      http.post('*/api/v1/auth/refresh', async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ accessToken: 'new-access', refreshToken: 'new-refresh' });
      }),
    );
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => (await apiFetch(`/items/${n}`)).json()),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => ({ n: String(n) })));
    expect(refreshes).toBe(1);
  });

  it('does not refresh again for a call refused with a token already replaced', async () => {
    let refreshes = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockServer.use(
      http.get('*/api/v1/slow', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer new-access') {
          return HttpResponse.json({});
        }
        await gate;
        return new HttpResponse(null, { status: 401 });
      }),
      http.get('*/api/v1/fast', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-access'
          ? HttpResponse.json({})
          : new HttpResponse(null, { status: 401 }),
      ),
      http.post('*/api/v1/auth/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'new-access', refreshToken: 'new-refresh' });
      }),
    );
    const slow = apiFetch('/slow');
    await apiFetch('/fast');
    release();
    await slow;
    expect(refreshes).toBe(1);
  });

  it('signs out with the session-expired message when the refresh is refused', async () => {
    mockServer.use(
      http.get('*/api/v1/user/profile', () => new HttpResponse(null, { status: 401 })),
      http.post('*/api/v1/auth/refresh', () =>
        HttpResponse.json({ message: 'Invalid refresh token' }, { status: 401 }),
      ),
    );
    const failure = apiFetch('/user/profile');
    await expect(failure).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(failure).rejects.toThrow('Session expired. Please login again.');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSessionState()).toMatchObject({
      status: 'unauthenticated',
      notice: 'Session expired. Please login again.',
    });
  });

  it('sets every waiting change aside and says why when the person was disabled', async () => {
    await db.outbox.clear();
    await queueWrite({
      resource: 'inventory-settings',
      op: 'inventory-settings.save',
      method: 'PUT',
      path: '/preferences/inventory-settings',
      body: {},
      revert: null,
    });
    mockServer.use(
      http.get('*/api/v1/user/profile', () => new HttpResponse(null, { status: 401 })),
      http.post('*/api/v1/auth/refresh', () =>
        HttpResponse.json({ message: TEAM_MESSAGES.disabled }, { status: 401 }),
      ),
    );
    const failure = apiFetch('/user/profile');
    await expect(failure).rejects.toMatchObject({ holdsWrites: true });
    expect(getSessionState()).toMatchObject({
      status: 'unauthenticated',
      notice: TEAM_MESSAGES.disabled,
    });
    const entries = await db.outbox.toArray();
    expect(entries.map((entry) => [entry.state, entry.failure?.message])).toEqual([
      ['needs-attention', TEAM_MESSAGES.disabled],
    ]);
    await db.outbox.clear();
  });

  it('treats a 401 with no refresh token as an ended session, not a refused request', async () => {
    await clearSession();
    mockServer.use(
      http.get('*/api/v1/user/profile', () => new HttpResponse(null, { status: 401 })),
    );
    await expect(apiFetch('/user/profile')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('does not sign out when the refresh cannot reach the server', async () => {
    mockServer.use(
      http.get('*/api/v1/user/profile', () => new HttpResponse(null, { status: 401 })),
      http.post('*/api/v1/auth/refresh', () => HttpResponse.error()),
    );
    await expect(apiFetch('/user/profile')).rejects.toThrow(TypeError);
    expect(localStorage.getItem('refreshToken')).toBe('old-refresh');
    expect((await loadSession()).status).toBe('authenticated');
  });

  it("fails other answers with 'API call failed: {status} {statusText}'", async () => {
    mockServer.use(
      http.get('*/api/v1/broken', () =>
        HttpResponse.json(
          { message: 'Database unavailable' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    const failure = apiFetch('/broken');
    await expect(failure).rejects.toThrow('API call failed: 503 Service Unavailable');
    const error = await failure.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Database unavailable');
    expect(localStorage.getItem('accessToken')).toBe('old-access');
  });
});

describe('refreshAccessToken', () => {
  it("signs out with 'No refresh token available' when there is none", async () => {
    localStorage.removeItem('refreshToken');
    await clearMirror();
    await expect(refreshAccessToken('old-access')).rejects.toThrow('No refresh token available');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(getSessionState().status).toBe('unauthenticated');
  });

  it("signs out with 'Token refresh failed' when the answer is not OK", async () => {
    mockServer.use(
      http.post('*/api/v1/auth/refresh', () => new HttpResponse(null, { status: 500 })),
    );
    await expect(refreshAccessToken('old-access')).rejects.toThrow('Token refresh failed');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(getSessionState().status).toBe('unauthenticated');
  });
});
