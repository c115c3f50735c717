import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIFETIME_MS, TEAM_MESSAGES } from '#domains/team/team.ts';
import { PERMISSION_MESSAGES } from '#shared/auth/permissions.ts';
import { createTestServer, linkIn, type TestServer } from './helpers/test-server.ts';

/** Team & Permissions on the server: invitations, roles, the last owner, disabling. */
let server: TestServer;
let owner: string;
let manager: string;

const PASSWORD = 'Welcome2026';

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser({
    email: 'olive@team.test',
    password: PASSWORD,
    businessName: 'Team Cellar',
  });
  await server.createUser({
    email: 'max@team.test',
    password: PASSWORD,
    businessName: 'Team Cellar',
    role: 'manager',
  });
  owner = (await server.login('olive@team.test', PASSWORD)).accessToken;
  manager = (await server.login('max@team.test', PASSWORD)).accessToken;
});
afterAll(() => server.close());

/** Invites someone and answers the invitation with the token of the link that was mailed. */
async function invite(token: string, person: { name: string; email: string; role: string }) {
  const response = await server.call('POST', '/api/v1/team/invitations', { token, body: person });
  if (response.status !== 201) return { response, link: '' };
  const mail = server.mail.at(-1);
  expect(mail?.to).toBe(person.email);
  const link = new URL(linkIn(mail)).searchParams.get('token') ?? '';
  return { response, link, id: (response.body as { id: string }).id };
}

const accept = (token: string, password = PASSWORD) =>
  server.call('POST', '/api/v1/auth/accept-invite', { body: { token, password } });

async function personId(email: string) {
  const team = await server.call('GET', '/api/v1/team', { token: owner });
  const people = (team.body as { people: { id: string; email: string }[] }).people;
  return people.find((person) => person.email === email)?.id ?? '';
}

describe('invitations', () => {
  it('mails a single-use link that makes the account and signs the person in', async () => {
    const { response, link } = await invite(owner, {
      name: 'Sam Staff',
      email: 'sam@team.test',
      role: 'staff',
    });
    expect(response.body).toMatchObject({ name: 'Sam Staff', role: 'staff', status: 'invited' });
    expect(linkIn(server.mail.at(-1))).toMatch(
      /^http:\/\/vintry\.test:8080\/accept-invite\?token=/,
    );
    expect(server.mail.at(-1)?.text).toContain('Team Cellar');

    const preview = await server.call('POST', '/api/v1/auth/invitation', { body: { token: link } });
    expect(preview.body).toEqual({
      name: 'Sam Staff',
      email: 'sam@team.test',
      role: 'staff',
      business_name: 'Team Cellar',
    });
    const weak = await accept(link, 'weak');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      message:
        'Password must be at least 8 characters and contain one uppercase letter and one number',
    });
    const accepted = await accept(link);
    expect(accepted.status).toBe(201);
    const answer = accepted.body as {
      accessToken: string;
      user: { role: string; businessName: string };
    };
    expect(answer.user).toMatchObject({ role: 'staff', businessName: 'Team Cellar' });
    const catalogue = await server.call('GET', '/api/v1/inventory/enhanced', {
      token: answer.accessToken,
    });
    expect(catalogue.status).toBe(200);
    // Once only.
    expect((await accept(link)).body).toEqual({ message: TEAM_MESSAGES.inviteInvalid });
    const team = await server.call('GET', '/api/v1/team', { token: owner });
    expect(team.body).toMatchObject({
      people: expect.arrayContaining([
        expect.objectContaining({ email: 'sam@team.test', status: 'active', role: 'staff' }),
      ]),
      invitations: [],
    });
  });

  it('answers every link that does not work alike: unknown, revoked, replaced, expired', async () => {
    const revoked = await invite(owner, { name: 'Rev', email: 'rev@team.test', role: 'staff' });
    await server.call('DELETE', `/api/v1/team/invitations/${revoked.id}`, { token: owner });
    const first = await invite(owner, { name: 'Res', email: 'res@team.test', role: 'staff' });
    const resent = await server.call('POST', `/api/v1/team/invitations/${first.id}/resend`, {
      token: owner,
    });
    expect(resent.status).toBe(200);
    const fresh = new URL(linkIn(server.mail.at(-1))).searchParams.get('token') ?? '';
    const expiring = await invite(owner, { name: 'Exp', email: 'exp@team.test', role: 'staff' });
    server.advance(INVITATION_LIFETIME_MS + 1000);
    try {
      const answers = await Promise.all(
        ['no-such-token', revoked.link, first.link, expiring.link].map((token) => accept(token)),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message: TEAM_MESSAGES.inviteInvalid });
      }
      const previews = await Promise.all(
        [revoked.link, expiring.link].map((token) =>
          server.call('POST', '/api/v1/auth/invitation', { body: { token } }),
        ),
      );
      expect(previews.map((answer) => answer.body)).toEqual([
        { message: TEAM_MESSAGES.inviteInvalid },
        { message: TEAM_MESSAGES.inviteInvalid },
      ]);
    } finally {
      server.advance(-(INVITATION_LIFETIME_MS + 1000));
    }
    // The resent link works; the first one never will again.
    expect((await accept(fresh)).status).toBe(201);
  });

  it('tells the invitee, not the inviter, that an email already has an account elsewhere', async () => {
    await server.createUser({ email: 'taken@else.test', password: PASSWORD, businessName: 'Else' });
    const sent = await invite(owner, { name: 'Taken', email: 'taken@else.test', role: 'staff' });
    expect(sent.response.status).toBe(201);
    expect((await accept(sent.link)).body).toEqual({ message: TEAM_MESSAGES.emailTaken });
  });

  it('refuses someone already on the team, and bad input with its message', async () => {
    const again = await invite(owner, { name: 'Max', email: 'MAX@team.test', role: 'staff' });
    expect(again.response.status).toBe(409);
    expect(again.response.body).toEqual({ message: TEAM_MESSAGES.alreadyOnTeam });
    const bad = await invite(owner, { name: 'X', email: 'not-an-email', role: 'staff' });
    expect(bad.response.body).toMatchObject({ message: TEAM_MESSAGES.emailInvalid });
    const role = await invite(owner, { name: 'X', email: 'x@team.test', role: 'boss' });
    expect(role.response.body).toMatchObject({ message: TEAM_MESSAGES.roleInvalid });
  });

  it('lets a manager invite staff and managers, never an owner', async () => {
    const staff = await invite(manager, { name: 'Ann', email: 'ann@team.test', role: 'staff' });
    expect(staff.response.status).toBe(201);
    const boss = await invite(manager, { name: 'Bo', email: 'bo@team.test', role: 'owner' });
    expect(boss.response.status).toBe(403);
    expect(boss.response.body).toEqual({ message: TEAM_MESSAGES.ownersOnly });
  });
});

describe('roles and disabling', () => {
  it('keeps owners to owners: a manager cannot change one, nor make one', async () => {
    const oliveId = await personId('olive@team.test');
    const samId = await personId('sam@team.test');
    const changeOwner = await server.call('PATCH', `/api/v1/team/people/${oliveId}`, {
      token: manager,
      body: { disabled: true },
    });
    expect(changeOwner.body).toEqual({ message: TEAM_MESSAGES.ownersOnly });
    const makeOwner = await server.call('PATCH', `/api/v1/team/people/${samId}`, {
      token: manager,
      body: { role: 'owner' },
    });
    expect(makeOwner.status).toBe(403);
    const promote = await server.call('PATCH', `/api/v1/team/people/${samId}`, {
      token: manager,
      body: { role: 'manager' },
    });
    expect(promote.body).toMatchObject({ role: 'manager' });
    await server.call('PATCH', `/api/v1/team/people/${samId}`, {
      token: manager,
      body: { role: 'staff' },
    });
  });

  it('never changes the caller themselves', async () => {
    const own = await server.call(
      'PATCH',
      `/api/v1/team/people/${await personId('olive@team.test')}`,
      {
        token: owner,
        body: { role: 'staff' },
      },
    );
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ message: TEAM_MESSAGES.notYourself });
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    await server.createUser({
      email: 'a@duo.test',
      password: PASSWORD,
      businessName: 'Duo Cellar',
    });
    await server.createUser({
      email: 'b@duo.test',
      password: PASSWORD,
      businessName: 'Duo Cellar',
      role: 'owner',
    });
    const a = await server.login('a@duo.test', PASSWORD);
    const b = await server.login('b@duo.test', PASSWORD);
    const answers = await Promise.all([
      server.call('PATCH', `/api/v1/team/people/${b.user.id}`, {
        token: a.accessToken,
        body: { role: 'manager' },
      }),
      server.call('PATCH', `/api/v1/team/people/${a.user.id}`, {
        token: b.accessToken,
        body: { role: 'manager' },
      }),
    ]);
    // One goes first. The other finds its caller no longer an owner (403) or, when both passed
    // the role check before either wrote, the last owner about to go (409).
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    // Whichever of them is a manager now still sees the team.
    const team = await server.call('GET', '/api/v1/team', { token: a.accessToken });
    const { people } = team.body as { people: { role: string }[] };
    expect(people.filter((person) => person.role === 'owner')).toHaveLength(1);
  });

  it('disables at once: tokens stop, sign-in is refused with a reason; enabling restores', async () => {
    const sent = await invite(owner, { name: 'Dee', email: 'dee@team.test', role: 'staff' });
    const signedIn = (await accept(sent.link)).body as {
      accessToken: string;
      refreshToken: string;
      user: { id: string };
    };
    // Seen once while active, so that any copy the server keeps of them is the active one.
    const before = await server.call('GET', '/api/v1/inventory/enhanced', {
      token: signedIn.accessToken,
    });
    expect(before.status).toBe(200);
    const disable = await server.call('PATCH', `/api/v1/team/people/${signedIn.user.id}`, {
      token: owner,
      body: { disabled: true },
    });
    expect(disable.body).toMatchObject({ status: 'disabled' });
    const next = await server.call('GET', '/api/v1/inventory/enhanced', {
      token: signedIn.accessToken,
    });
    expect(next.status).toBe(401);
    const refresh = await server.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: signedIn.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The device is told why, so it sets the person's waiting changes aside.
    expect(refresh.body).toEqual({ message: TEAM_MESSAGES.disabled });
    const login = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'dee@team.test', password: PASSWORD },
    });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: TEAM_MESSAGES.disabled });
    // A wrong password says nothing about the account.
    const wrong = await server.call('POST', '/api/v1/auth/login', {
      body: { email: 'dee@team.test', password: 'Wrong2026x' },
    });
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });

    await server.call('PATCH', `/api/v1/team/people/${signedIn.user.id}`, {
      token: owner,
      body: { disabled: false },
    });
    expect((await server.login('dee@team.test', PASSWORD)).user.id).toBe(signedIn.user.id);
  });

  it('takes a role change at once, without signing in again', async () => {
    const sent = await invite(owner, { name: 'Roy', email: 'roy@team.test', role: 'manager' });
    const roy = (await accept(sent.link)).body as { accessToken: string; user: { id: string } };
    const field = { field_name: 'Cellar Row', field_type: 'text', entity_type: 'product' };
    // As a manager first: the team is his to see.
    expect((await server.call('GET', '/api/v1/team', { token: roy.accessToken })).status).toBe(200);
    await server.call('PATCH', `/api/v1/team/people/${roy.user.id}`, {
      token: owner,
      body: { role: 'staff' },
    });
    const refused = await server.call('POST', '/api/v1/custom-fields/definitions', {
      token: roy.accessToken,
      body: field,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: PERMISSION_MESSAGES.forbidden });
    expect((await server.call('GET', '/api/v1/team', { token: roy.accessToken })).status).toBe(403);
  });

  it("never reaches another business's people or invitations", async () => {
    const { harbour } = await server.twoBusinesses();
    const sam = await personId('sam@team.test');
    const pending = await invite(owner, { name: 'Pen', email: 'pen@team.test', role: 'staff' });
    const person = await server.call('PATCH', `/api/v1/team/people/${sam}`, {
      token: harbour.token,
      body: { disabled: true },
    });
    expect(person.status).toBe(404);
    const revoke = await server.call('DELETE', `/api/v1/team/invitations/${pending.id}`, {
      token: harbour.token,
    });
    expect(revoke.status).toBe(404);
    const team = await server.call('GET', '/api/v1/team', { token: harbour.token });
    expect(JSON.stringify(team.body)).not.toContain('team.test');
  });
});

describe('business profile', () => {
  it('is read by everyone and changed by owners, with its messages', async () => {
    const read = await server.call('GET', '/api/v1/business/profile', { token: manager });
    expect(read.body).toMatchObject({
      name: 'Team Cellar',
      currency: '$',
      default_tax_category: 'gst10',
    });
    const byManager = await server.call('PUT', '/api/v1/business/profile', {
      token: manager,
      body: { name: 'Renamed' },
    });
    expect(byManager.status).toBe(403);
    const badAbn = await server.call('PUT', '/api/v1/business/profile', {
      token: owner,
      body: { name: 'Team Cellar', tax_number: '12 345' },
    });
    expect(badAbn.body).toMatchObject({ message: 'ABN must be 11 digits (spaces allowed)' });
    const saved = await server.call('PUT', '/api/v1/business/profile', {
      token: owner,
      body: {
        name: 'Team Cellar & Co',
        tax_number: '51 824 753 556',
        address: '1 Vine St, Adelaide SA 5000',
        phone: '+61 8 8000 0000',
        default_tax_category: 'wet',
      },
    });
    expect(saved.body).toMatchObject({ name: 'Team Cellar & Co', default_tax_category: 'wet' });
    expect((await server.login('max@team.test', PASSWORD)).user).toMatchObject({
      businessName: 'Team Cellar & Co',
    });
  });
});
