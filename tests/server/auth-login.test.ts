import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS } from '#server/auth/login-throttle.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

const PASSWORD = 'Cellar2026';

describe('POST /api/v1/auth/login', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'Owner@Example.test',
      password: PASSWORD,
      businessName: 'Harbour Wines',
      role: 'owner',
      name: 'Olive Owner',
    });
  });
  afterAll(() => server.close());

  it('answers tokens and the user, whatever the email casing', async () => {
    const response = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'owner@example.TEST', password: PASSWORD },
    });
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown>;
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'Owner@Example.test',
      name: 'Olive Owner',
      role: 'owner',
      businessId: expect.any(String),
      businessName: 'Harbour Wines',
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrongPassword = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'owner@example.test', password: 'Wrong2026' },
    });
    const unknownEmail = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'nobody@example.test', password: PASSWORD },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password' });
    }
  });

  it.each([
    [{ email: 'owner@example.test' }],
    [{ password: PASSWORD }],
    [{ email: '', password: PASSWORD }],
    [{ email: 'owner@example.test', password: '' }],
    [{ email: 42, password: PASSWORD }],
    [[]],
  ])('answers 400 when a field is missing: %j', async (body) => {
    const response = await server.call('POST', '/api/v1/auth/login', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Email and password are required',
      errors: expect.any(Array),
    });
  });

  it('refuses an 11th attempt within 15 minutes with 429 and Retry-After, then lets go', async () => {
    const email = 'target@example.test';
    await server.createUser({ email, password: PASSWORD, businessName: 'Harbour Wines' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await server.call('POST', '/api/v1/auth/login', {
        body: { email: attempt % 2 ? email : email.toUpperCase(), password: `Wrong${attempt}` },
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    // Even the right password is refused while the limit holds.
    const limited = await server.call('POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: 'Too many sign-in attempts. Please wait and try again.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Other accounts are not affected.
    const other = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'owner@example.test', password: PASSWORD },
    });
    expect(other.status).toBe(200);

    server.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    const later = await server.call('POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(later.status).toBe(200);
  });
});
