import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '#data/db.ts';
import { saveSession } from '#data/session.ts';
import type { Team } from '#domains/team/team.ts';
import { TeamPage } from '#features/business/components/team-page.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

const ME = {
  id: 'u-max',
  email: 'max@cellar.test',
  name: 'Max Manager',
  businessId: 'b1',
  businessName: 'Cellar',
};

const TEAM: Team = {
  people: [
    {
      id: 'u-olive',
      name: 'Olive Owner',
      email: 'olive@cellar.test',
      role: 'owner',
      status: 'active',
      last_sign_in_at: null,
    },
    {
      id: 'u-max',
      name: 'Max Manager',
      email: 'max@cellar.test',
      role: 'manager',
      status: 'active',
      last_sign_in_at: null,
    },
    {
      id: 'u-sam',
      name: 'Sam Staff',
      email: 'sam@cellar.test',
      role: 'staff',
      status: 'active',
      last_sign_in_at: '2026-11-20T09:30:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'i-1',
      name: 'Ivy',
      email: 'ivy@cellar.test',
      role: 'staff',
      status: 'invited',
      sent_at: '2026-11-23T00:00:00.000Z',
      expires_at: '2026-11-30T00:00:00.000Z',
    },
  ],
};

const sent: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(async () => {
  sent.length = 0;
  await clearLocalData();
  mockServer.use(
    http.get('*/api/v1/user/profile', () => HttpResponse.json({ ...ME, role: 'manager' })),
    http.get('*/api/v1/team', () => HttpResponse.json(TEAM)),
    http.all('*/api/v1/team/*', async ({ request }) => {
      const body = request.method === 'DELETE' ? undefined : await request.json();
      sent.push({ method: request.method, path: new URL(request.url).pathname, body });
      return HttpResponse.json({}, { status: request.method === 'POST' ? 201 : 200 });
    }),
  );
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { ...ME, role: 'manager' } });
});

describe('Team & Permissions, for a manager', () => {
  it('lists people and invitations, and never offers to change an owner or oneself', async () => {
    renderWithQuery(<TeamPage />);
    const people = await screen.findByRole('region', { name: 'People (3)' });
    const row = (name: string) => within(people).getByRole('row', { name: new RegExp(name) });
    expect(within(row('Olive Owner')).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(within(row('Olive Owner')).queryByRole('combobox')).toBeNull();
    expect(within(row('Max Manager')).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(row('Max Manager').textContent).toContain('(you)');
    expect(row('Olive Owner').textContent).toContain('Never');
    expect(row('Sam Staff').textContent).toContain('20 Nov 2026');
    // A manager's role choices leave out owner.
    const role = within(row('Sam Staff')).getByRole('combobox', { name: 'Role of Sam Staff' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Manager', 'Staff']);
    expect(screen.getByRole('region', { name: 'Invitations' }).textContent).toContain(
      'ivy@cellar.test · Staff · Invited, link valid until',
    );
  });

  it('names what is wrong in the invite form and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderWithQuery(<TeamPage />);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Ann');
    await user.type(within(form).getByLabelText('Email'), 'ann@');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(form).getByLabelText('Name')).toHaveProperty('value', 'Ann');
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues an invitation, a role change and a disable, and sends them', async () => {
    // The invitation's answer is held until both changes of Sam are queued behind it, so that
    // they are still untried and merge into one request, whatever the machine's speed.
    let answerInvitation = () => {};
    const invitationAnswered = new Promise<void>((resolve) => {
      answerInvitation = resolve;
    });
    mockServer.use(
      http.post('*/api/v1/team/invitations', async ({ request }) => {
        sent.push({
          method: 'POST',
          path: new URL(request.url).pathname,
          body: await request.json(),
        });
        await invitationAnswered;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<TeamPage />);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Name'), 'Ann Able');
    await user.type(within(form).getByLabelText('Email'), 'ann@cellar.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const people = screen.getByRole('region', { name: 'People (3)' });
    const sam = within(people).getByRole('row', { name: /Sam Staff/ });
    await user.selectOptions(within(sam).getByRole('combobox'), 'manager');
    await user.click(within(sam).getByRole('button', { name: 'Disable' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Disable Sam Staff?' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    expect(await db.outbox.count()).toBe(2);
    answerInvitation();
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/v1/team/invitations',
          body: { name: 'Ann Able', email: 'ann@cellar.test', role: 'staff' },
        },
        {
          method: 'PATCH',
          path: '/api/v1/team/people/u-sam',
          body: { role: 'manager', disabled: true },
        },
      ]),
    );
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('tells staff that the screen is for owners and managers', async () => {
    mockServer.use(
      http.get('*/api/v1/user/profile', () => HttpResponse.json({ ...ME, role: 'staff' })),
    );
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { ...ME, role: 'staff' } });
    renderWithQuery(<TeamPage />);
    expect(await screen.findByText(/Team & Permissions is for owners and managers/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
  });
});
