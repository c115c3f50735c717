import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('GET /api/v1/user/profile and business scoping', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'a@harbour.test',
      password: 'Harbour2026',
      businessName: 'Harbour Wines',
      role: 'owner',
      name: 'Ada',
    });
    await server.createUser({
      email: 'b@hilltop.test',
      password: 'Hilltop2026',
      businessName: 'Hilltop Spirits',
      name: 'Ben',
    });
  });
  afterAll(() => server.close());

  it('answers the signed-in user', async () => {
    const session = await server.login('a@harbour.test', 'Harbour2026');
    const response = await server.call('GET', '/api/v1/user/profile', {
      token: session.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(session.user);
    expect(response.body).toMatchObject({ name: 'Ada', businessName: 'Harbour Wines' });
  });

  it("takes the business from the person, never from a token's claim", async () => {
    const a = await server.login('a@harbour.test', 'Harbour2026');
    const b = await server.login('b@hilltop.test', 'Hilltop2026');
    const aBusiness = (a.user as unknown as { businessId: string }).businessId;
    // A token for business A that names B's user, as a confused or compromised client might send.
    const bSignIn = await server.tokens.verify(b.accessToken);
    const crossToken = await server.tokens.sign({
      userId: b.user.id,
      businessId: aBusiness,
      role: 'owner',
      sessionId: bSignIn?.sessionId ?? '',
    });
    const response = await server.call('GET', '/api/v1/user/profile', { token: crossToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: 'b@hilltop.test',
      businessName: 'Hilltop Spirits',
    });
    expect(JSON.stringify(response.body)).not.toContain(aBusiness);
  });
});
