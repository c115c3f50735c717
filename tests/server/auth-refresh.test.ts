import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATION_GRACE_MS } from '#server/auth/refresh-sessions.ts';
import { ACCESS_TTL_SECONDS, createTestServer, type TestServer } from './helpers/test-server.ts';

const EMAIL = 'staff@example.test';
const PASSWORD = 'Cellar2026';

describe('access and refresh tokens', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: EMAIL, password: PASSWORD, businessName: 'Harbour Wines' });
  });
  afterAll(() => server.close());

  const refresh = (refreshToken: unknown) =>
    server.call('POST', '/api/v1/auth/refresh', { body: { refreshToken } });
  const profile = (token: string) => server.call('GET', '/api/v1/user/profile', { token });

  it('rotates: a new access token and a new refresh token that both work', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    const response = await refresh(session.refreshToken);
    expect(response.status).toBe(200);
    const body = response.body as { accessToken: string; refreshToken: string };
    expect(body.refreshToken).not.toBe(session.refreshToken);
    expect((await profile(body.accessToken)).status).toBe(200);
    expect((await refresh(body.refreshToken)).status).toBe(200);
  });

  it('still accepts the just-rotated token inside the 30 s grace window', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    server.advance(ROTATION_GRACE_MS - 5000);
    const second = await refresh(session.refreshToken);
    expect(second.status).toBe(200);
    // Both successors belong to the live family.
    const successors = [first, second].map(
      (r) => (r.body as { refreshToken: string }).refreshToken,
    );
    for (const token of successors) expect((await refresh(token)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    const rotated = await refresh(session.refreshToken);
    const successor = (rotated.body as { refreshToken: string }).refreshToken;
    server.advance(ROTATION_GRACE_MS + 1000);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: 'Invalid refresh token' });
    // The legitimate successor dies with its family.
    expect((await refresh(successor)).status).toBe(401);
    // Another sign-in (another family) is untouched.
    const other = await server.login(EMAIL, PASSWORD);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses unknown and missing refresh tokens', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const missing = await server.call('POST', '/api/v1/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'Refresh token is required' });
  });

  it('refuses a refresh token 30 days after its sign-in, however often it was rotated', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    let token = session.refreshToken;
    for (let day = 0; day < 3; day += 1) {
      server.advance(10 * 24 * 60 * 60 * 1000 + 1000);
      const response = await refresh(token);
      if (day < 2) {
        expect(response.status, `day ${day}`).toBe(200);
        token = (response.body as { refreshToken: string }).refreshToken;
      } else {
        expect(response.status).toBe(401);
      }
    }
  });

  it('logout answers 204 and revokes that family only', async () => {
    const a = await server.login(EMAIL, PASSWORD);
    const b = await server.login(EMAIL, PASSWORD);
    const response = await server.call('POST', '/api/v1/auth/logout', {
      body: { refreshToken: a.refreshToken },
    });
    expect(response.status).toBe(204);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(200);
    // Unknown tokens are answered alike, so logout reveals nothing.
    const unknown = await server.call('POST', '/api/v1/auth/logout', {
      body: { refreshToken: 'whatever' },
    });
    expect(unknown.status).toBe(204);
  });

  it('sign-out ends the access tokens of that sign-in at once, and only of that one', async () => {
    const a = await server.login(EMAIL, PASSWORD);
    const b = await server.login(EMAIL, PASSWORD);
    expect((await profile(a.accessToken)).status).toBe(200);
    await server.call('POST', '/api/v1/auth/logout', { body: { refreshToken: a.refreshToken } });
    const ended = await profile(a.accessToken);
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ message: 'Authentication required' });
    expect((await profile(b.accessToken)).status).toBe(200);
    // An access token renewed from the live sign-in keeps working.
    const renewed = (await refresh(b.refreshToken)).body as { accessToken: string };
    expect((await profile(renewed.accessToken)).status).toBe(200);
  });

  it('refuses an expired access token', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    expect((await profile(session.accessToken)).status).toBe(200);
    server.advance((ACCESS_TTL_SECONDS + 1) * 1000);
    const expired = await profile(session.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Authentication required' });
  });

  it('refuses tokens with another algorithm, another key or no signature', async () => {
    const session = await server.login(EMAIL, PASSWORD);
    const [header, payload] = session.accessToken.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    const forgedKey = await new SignJWT({ bid: session.user.id, role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('vintry')
      .setAudience('vintry-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    for (const token of [`${noneHeader}.${payload}.`, `${header}.${payload}.`, forgedKey, 'junk']) {
      expect((await profile(token)).status, token).toBe(401);
    }
    const noHeader = await server.call('GET', '/api/v1/user/profile');
    expect(noHeader.status).toBe(401);
    expect(noHeader.headers.get('www-authenticate')).toBe('Bearer');
  });
});
