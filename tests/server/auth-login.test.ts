import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FAILURE_LIMIT,
  emailDelaySeconds,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
} from '#server/auth/login-throttle.ts';
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

describe('sign-in limits per client and per email', () => {
  let server: TestServer;
  const EMAIL = 'olive@cellar.test';

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: EMAIL, password: PASSWORD, businessName: 'Cellar' });
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string, client: string) =>
    server.call('POST', '/api/v1/auth/login', {
      body: { email, password },
      headers: { 'X-Forwarded-For': `203.0.113.50, ${client}` },
    });

  it('waits 1 s after the 10th failure, doubling with each further one up to 60 s', () => {
    expect([9, 10, 11, 12, 15, 16, 40].map(emailDelaySeconds)).toEqual([0, 1, 2, 4, 32, 60, 60]);
  });

  it('never locks the person out for a stranger guessing their password', async () => {
    for (let attempt = 1; attempt <= LOGIN_FAILURE_LIMIT; attempt += 1) {
      // Each failure is at least the email's delay after the one before.
      server.advance(emailDelaySeconds(attempt - 1) * 1000);
      expect((await signIn(EMAIL, `Guess${attempt}`, '198.51.100.9')).status).toBe(401);
    }
    // The stranger's own client is stopped for the window.
    const stranger = await signIn(EMAIL, 'Guess11', '198.51.100.9');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(60);
    // The person, on their own device, waits at most the email's delay: 1 s here.
    const early = await signIn(EMAIL, PASSWORD, '192.0.2.1');
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(1);
    server.advance(1000);
    expect((await signIn(EMAIL, PASSWORD, '192.0.2.1')).status).toBe(200);
  });

  it(`caps one client at ${CLIENT_FAILURE_LIMIT} failures across any emails`, async () => {
    for (let n = 1; n <= CLIENT_FAILURE_LIMIT; n += 1) {
      expect((await signIn(`nobody${n}@cellar.test`, 'Guess1', '198.51.100.77')).status).toBe(401);
    }
    const capped = await signIn(EMAIL, PASSWORD, '198.51.100.77');
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({
      message: 'Too many sign-in attempts. Please wait and try again.',
    });
    // Another client is not held back by it.
    expect((await signIn(`nobody1@cellar.test`, 'Guess2', '198.51.100.78')).status).toBe(401);
    server.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await signIn(EMAIL, PASSWORD, '198.51.100.77')).status).toBe(200);
  });
});
