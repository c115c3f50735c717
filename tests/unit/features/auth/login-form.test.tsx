import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, readOwner } from '#data/db.ts';
import { getSessionState } from '#data/session.ts';
import { newEntry } from '#data/sync/outbox.ts';
import { LoginForm } from '#features/auth/components/login-form.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

function setup(notice: string | null = null) {
  const onSignedIn = vi.fn();
  const user = userEvent.setup();
  render(<LoginForm notice={notice} onSignedIn={onSignedIn} />);
  const email = screen.getByLabelText('Email address') as HTMLInputElement;
  const password = screen.getByLabelText('Password') as HTMLInputElement;
  return { user, email, password, onSignedIn };
}

const message = () => document.querySelector('.form-message');

describe('sign-in screen', () => {
  it('shows why the session ended, also when the notice arrives after the screen', () => {
    const view = render(<LoginForm notice={null} onSignedIn={vi.fn()} />);
    expect(message()).toBeNull();
    view.rerender(<LoginForm notice="Session expired. Please login again." onSignedIn={vi.fn()} />);
    expect(message()?.textContent).toBe('Session expired. Please login again.');
  });

  it('shows the product name, the subtitle and required fields', () => {
    const { email, password } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Vintry' })).toBeTruthy();
    expect(screen.getByText('Welcome back! Please sign in to your account.')).toBeTruthy();
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.required).toBe(true);
  });

  it("signs in: 'Logging in...' with everything disabled, then the success message", async () => {
    let body: unknown;
    mockServer.use(
      http.post('*/api/v1/auth/login', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({
          accessToken: 'a1',
          refreshToken: 'r1',
          user: { id: 'u1', email: 'demo@vintry.test', name: 'Demo Owner' },
        });
      }),
    );
    const { user, email, password, onSignedIn } = setup();
    await user.type(email, 'demo@vintry.test');
    await user.type(password, 'Vintry2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const running = screen.getByRole('button', { name: 'Logging in...' }) as HTMLButtonElement;
    expect(running.disabled).toBe(true);
    expect(email.disabled).toBe(true);
    expect(password.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Forgot password?' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(message()?.textContent).toBe('Login successful! Redirecting...');
    expect(message()?.className).toContain('form-message--success');
    expect(body).toEqual({ email: 'demo@vintry.test', password: 'Vintry2026' });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(getSessionState().user?.name).toBe('Demo Owner');
  });

  it("hands the device over: another user's data goes, and this user's kept changes come back", async () => {
    mockServer.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({
          accessToken: 'a1',
          refreshToken: 'r1',
          user: { id: 'u1', email: 'demo@vintry.test', name: 'Demo Owner' },
        }),
      ),
    );
    await db.meta.put({ key: 'owner', userId: 'someone-else' });
    await db.customFields.put({
      id: 9,
      entity_type: 'product',
      field_key: 'their_notes',
      field_name: 'Their Notes',
      field_type: 'text',
      is_required: false,
      validation: {},
      created_at: '',
      updated_at: '',
    });
    const kept = newEntry({
      resource: 'inventory-settings',
      op: 'inventory-settings.save',
      method: 'PUT',
      path: '/preferences/inventory-settings',
      body: {},
      revert: null,
    });
    await db.parkedChanges.put({ userId: 'u1', entries: [kept], parkedAt: 1 });
    render(<ToastRegion />);
    const { user, email, password, onSignedIn } = setup();
    await user.type(email, 'demo@vintry.test');
    await user.type(password, 'Vintry2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));

    expect(await db.customFields.count()).toBe(0);
    expect(await readOwner()).toBe('u1');
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual([kept.id]);
    expect(
      screen.getByText(
        'Welcome back. 1 change you made earlier on this device was kept and is being sent now.',
      ),
    ).toBeTruthy();
    await clearLocalData();
  });

  it('stores only the typed email when the answer has no user', async () => {
    mockServer.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({ access_token: 'a1', refresh_token: 'r1' }),
      ),
    );
    const { user, email, password, onSignedIn } = setup();
    await user.type(email, 'staff@vintry.test');
    await user.type(password, 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      email: 'staff@vintry.test',
    });
  });

  it("shows the server's message in red when sign-in fails, keeping what was typed", async () => {
    mockServer.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const { user, email, password, onSignedIn } = setup();
    await user.type(email, 'demo@vintry.test');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(message()?.textContent).toBe('Invalid email or password'));
    expect(message()?.className).toContain('form-message--error');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(email.value).toBe('demo@vintry.test');
    expect(password.value).toBe('wrong');
    expect(email.disabled).toBe(false);
  });

  it("falls back to 'Login failed. Please try again.' without a server message", async () => {
    mockServer.use(http.post('*/api/v1/auth/login', () => HttpResponse.error()));
    const { user, email, password } = setup();
    await user.type(email, 'demo@vintry.test');
    await user.type(password, 'Vintry2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(message()?.textContent).toBe('Login failed. Please try again.'));
  });

  it('asks to complete an empty email before sending a reset link', async () => {
    const { user, email } = setup();
    await user.type(email, '   ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(message()?.textContent).toBe('Please complete the email field');
    expect(message()?.className).toContain('form-message--error');
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('refuses a malformed email with a red border, and clears the border on typing', async () => {
    const { user, email } = setup();
    await user.type(email, 'demo@vintry');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(message()?.textContent).toBe('Please enter a valid email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, '.test');
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it("sends the reset link: 'Sending...' while running, then the green message", async () => {
    let body: unknown;
    mockServer.use(
      http.post('*/api/v1/auth/forgot-password', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { user, email, password } = setup();
    await user.type(email, ' demo@vintry.test ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(email.disabled).toBe(true);
    expect(password.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() =>
      expect(message()?.textContent).toBe(
        'Password reset link has been sent to your email address. Please check your inbox.',
      ),
    );
    expect(message()?.className).toContain('form-message--success');
    expect(body).toEqual({ email: 'demo@vintry.test' });
  });

  it.each([
    [HttpResponse.json({ message: 'Mail is down' }, { status: 503 }), 'Mail is down'],
    [
      new HttpResponse(null, { status: 500 }),
      'Failed to send password reset email. Please try again.',
    ],
  ])('shows why sending the reset link failed', async (answer, expected) => {
    mockServer.use(http.post('*/api/v1/auth/forgot-password', () => answer));
    const { user, email } = setup();
    await user.type(email, 'demo@vintry.test');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(message()?.textContent).toBe(expected));
  });

  it('shows why the previous session ended', () => {
    setup('Session expired. Please login again.');
    expect(message()?.textContent).toBe('Session expired. Please login again.');
  });
});

describe('sign-in validation with the shared schema', () => {
  it('does not send a whitespace-only email', async () => {
    const { user, email, password, onSignedIn } = setup();
    // A text field's required check passes spaces; the shared schema does not.
    email.removeAttribute('type');
    await user.type(email, '   ');
    await user.type(password, 'Vintry2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(message()?.textContent).toBe('Email and password are required');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
