import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSessionState } from '#data/session.ts';
import { TEAM_MESSAGES } from '#domains/team/team.ts';
import { AcceptInviteForm } from '#features/auth/components/accept-invite-form.tsx';
import { mockServer } from '../../../mocks/server.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const PREVIEW = {
  name: 'Stella Staff',
  email: 'stella@cellar.test',
  role: 'staff',
  business_name: 'Harbour Cellar',
};

function open() {
  const onSignedIn = vi.fn();
  const onBackToLogin = vi.fn();
  render(<AcceptInviteForm token="tok-1" onSignedIn={onSignedIn} onBackToLogin={onBackToLogin} />);
  return { onSignedIn, onBackToLogin };
}

describe('accepting an invitation', () => {
  it('says who is invited to what, sets a password under the four rules, and signs in', async () => {
    let accepted: unknown;
    mockServer.use(
      http.post('*/api/v1/auth/invitation', () => HttpResponse.json(PREVIEW)),
      http.post('*/api/v1/auth/accept-invite', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json(
          {
            accessToken: 'access-9',
            refreshToken: 'refresh-9',
            user: {
              id: 'u9',
              email: PREVIEW.email,
              name: PREVIEW.name,
              role: 'staff',
              businessId: 'b1',
              businessName: 'Harbour Cellar',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { onSignedIn } = open();
    expect(
      await screen.findByText(/Welcome, Stella Staff\. You are joining as staff/),
    ).toBeTruthy();
    const join = screen.getByRole('button', { name: 'Join Harbour Cellar' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'weakpass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'weakpass' } });
    expect(join.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Stella2026' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), {
      target: { value: 'Stella2026' },
    });
    fireEvent.click(join);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(accepted).toEqual({ token: 'tok-1', password: 'Stella2026' });
    expect(getSessionState()).toMatchObject({
      status: 'authenticated',
      user: { email: PREVIEW.email },
    });
  });

  it("shows the server's word for a link that does not work, with the way back", async () => {
    mockServer.use(
      http.post('*/api/v1/auth/invitation', () =>
        HttpResponse.json({ message: TEAM_MESSAGES.inviteInvalid }, { status: 400 }),
      ),
    );
    const { onBackToLogin } = open();
    expect(await screen.findByText(TEAM_MESSAGES.inviteInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBackToLogin).toHaveBeenCalled();
  });

  it('offers Try again when the server cannot be reached', async () => {
    let calls = 0;
    mockServer.use(
      http.post('*/api/v1/auth/invitation', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(PREVIEW);
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Join Harbour Cellar' })).toBeTruthy();
  });
});
