import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getSessionState,
  loadSession,
  readTokens,
  saveSession,
  storeTokens,
  subscribeSession,
} from '#data/session.ts';
import { writeMirror } from '#data/session-mirror.ts';

describe('session storage', () => {
  it('writes the three spec keys on sign-in', async () => {
    const user = { email: 'demo@vintry.test', name: 'Demo Owner', businessName: 'Demo Cellar' };
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(getSessionState()).toEqual({ status: 'authenticated', user, notice: null });
  });

  it('reads a stored session back as authenticated', async () => {
    localStorage.setItem('accessToken', 'a1');
    localStorage.setItem('refreshToken', 'r1');
    localStorage.setItem('user', JSON.stringify({ email: 'x@vintry.test', extra: 1 }));
    expect(await loadSession()).toEqual({
      status: 'authenticated',
      user: { email: 'x@vintry.test', extra: 1 },
      notice: null,
    });
  });

  it('takes the tokens the service worker renewed in the mirror while no page was open', async () => {
    localStorage.setItem('accessToken', 'a1');
    localStorage.setItem('refreshToken', 'r1');
    await writeMirror({ accessToken: 'a2', refreshToken: 'r2', user: null });
    expect((await loadSession()).status).toBe('authenticated');
    expect(readTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it.each([
    ['only an access token', { accessToken: 'a1' }],
    ['only a refresh token', { refreshToken: 'r1' }],
    ['nothing', {}],
  ])('is not authenticated with %s', async (_label, stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    expect((await loadSession()).status).toBe('unauthenticated');
  });

  it('clears everything stored when the stored data cannot be read', async () => {
    localStorage.setItem('accessToken', 'a1');
    localStorage.setItem('refreshToken', 'r1');
    localStorage.setItem('user', '{not json');
    expect((await loadSession()).status).toBe('unauthenticated');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('stores a rotated refresh token only when one is given', async () => {
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'x@vintry.test' } });
    await storeTokens('a2');
    expect(readTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r1' });
    await storeTokens('a3', 'r3');
    expect(readTokens()).toEqual({ accessToken: 'a3', refreshToken: 'r3' });
  });

  it('logout removes the three keys and keeps the reason for the sign-in screen', async () => {
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'x@vintry.test' } });
    await clearSession('Session expired. Please login again.');
    expect(readTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSessionState()).toEqual({
      status: 'unauthenticated',
      user: null,
      notice: 'Session expired. Please login again.',
    });
  });

  it('keeps the reason when requests that were waiting end the session again without one', async () => {
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'x@vintry.test' } });
    await clearSession(null);
    await clearSession('Session expired. Please login again.');
    await clearSession(null);
    expect(getSessionState().notice).toBe('Session expired. Please login again.');
    // A later sign-in and sign-out starts clean.
    await saveSession({ accessToken: 'a2', refreshToken: 'r2', user: { email: 'x@vintry.test' } });
    await clearSession();
    expect(getSessionState().notice).toBeNull();
  });

  it('follows a sign-out made in another tab', async () => {
    await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'x@vintry.test' } });
    const seen: string[] = [];
    const unsubscribe = subscribeSession(() => seen.push(getSessionState().status));
    // Another tab removed the keys; this tab hears of it through the storage event.
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    unsubscribe();
    expect(seen).toEqual(['unauthenticated']);
  });
});
