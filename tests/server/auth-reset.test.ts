import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_TOKEN_LIFETIME_MS } from '#server/auth/password-reset.ts';
import { createTestServer, linkIn, TEST_APP_URL, type TestServer } from './helpers/test-server.ts';

const PASSWORD = 'Cellar2026';

describe('forgot and reset password', () => {
  let server: TestServer;
  let emailSeq = 0;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  async function newUser() {
    emailSeq += 1;
    const email = `reset${emailSeq}@example.test`;
    await server.createUser({ email, password: PASSWORD, businessName: 'Harbour Wines' });
    return email;
  }

  async function requestResetToken(email: string): Promise<string> {
    const before = server.mail.length;
    const response = await server.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(server.mail.length).toBe(before + 1));
    const message = server.mail.at(-1);
    expect(message?.to).toBe(email);
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '');
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return match[1];
  }

  const reset = (token: string, password: string) =>
    server.call('POST', '/api/v1/auth/reset-password', { body: { token, password } });

  it('answers known and unknown emails identically and mails only the known one', async () => {
    const email = await newUser();
    const before = server.mail.length;
    const known = await server.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    const unknown = await server.call('POST', '/api/v1/auth/forgot-password', {
      body: { email: 'ghost@example.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await vi.waitFor(() => expect(server.mail.length).toBe(before + 1));
    expect(server.mail.at(-1)?.to).toBe(email);
  });

  it('mails a link under APP_URL with a token of at least 128 bits', async () => {
    const email = await newUser();
    const token = await requestResetToken(email);
    expect(linkIn(server.mail.at(-1))).toBe(`${TEST_APP_URL}/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it.each([
    ['', 'Please complete the email field'],
    ['   ', 'Please complete the email field'],
    ['not-an-email', 'Please enter a valid email address'],
    ['two words@example.test', 'Please enter a valid email address'],
  ])('refuses the email %j with the spec message', async (email, message) => {
    const response = await server.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });

  it('ends every access token of the person at once', async () => {
    const email = await newUser();
    const tablet = await server.login(email, PASSWORD);
    const phone = await server.login(email, PASSWORD);
    const profile = (token: string) => server.call('GET', '/api/v1/user/profile', { token });
    expect((await profile(tablet.accessToken)).status).toBe(200);
    expect((await reset(await requestResetToken(email), 'NewCellar2027')).status).toBe(200);
    expect((await profile(tablet.accessToken)).status).toBe(401);
    expect((await profile(phone.accessToken)).status).toBe(401);
  });

  it('sets the new password, signs out every session, and spends the token', async () => {
    const email = await newUser();
    const session = await server.login(email, PASSWORD);
    const token = await requestResetToken(email);

    const response = await reset(token, 'NewCellar2027');
    expect(response.status).toBe(200);

    const oldPassword = await server.call('POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    await server.login(email, 'NewCellar2027');

    const refresh = await server.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);

    const again = await reset(token, 'Another2028');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
  });

  it('refuses an expired token', async () => {
    const email = await newUser();
    const token = await requestResetToken(email);
    server.advance(RESET_TOKEN_LIFETIME_MS + 1000);
    const response = await reset(token, 'NewCellar2027');
    expect(response.status).toBe(400);
    expect((await server.login(email, PASSWORD)).accessToken).toEqual(expect.any(String));
  });

  it('spends every outstanding token of the user once one is used', async () => {
    const email = await newUser();
    const first = await requestResetToken(email);
    const second = await requestResetToken(email);
    expect((await reset(second, 'NewCellar2027')).status).toBe(200);
    expect((await reset(first, 'Other2028x')).status).toBe(400);
  });

  it('refuses an unknown token and a missing one', async () => {
    expect((await reset('made-up-token', 'NewCellar2027')).status).toBe(400);
    const missing = await server.call('POST', '/api/v1/auth/reset-password', {
      body: { password: 'NewCellar2027' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'Reset token is required' });
    const noPassword = await server.call('POST', '/api/v1/auth/reset-password', {
      body: { token: 'made-up-token' },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({
      message:
        'Password must be at least 8 characters and contain one uppercase letter and one number',
    });
  });

  it.each(['short1A', 'nouppercase1', 'NoDigitsHere'])(
    'enforces the password rules on the server: %s',
    async (password) => {
      const email = await newUser();
      const token = await requestResetToken(email);
      const response = await reset(token, password);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        message:
          'Password must be at least 8 characters and contain one uppercase letter and one number',
      });
      // A refused password does not spend the token.
      expect((await reset(token, 'GoodPass2027')).status).toBe(200);
    },
  );
});
