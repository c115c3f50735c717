import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form.tsx';
import { mockServer } from '../../../mocks/server.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => mockServer.close());

function setup() {
  const onBackToLogin = vi.fn();
  render(<ResetPasswordForm token="tok-123" onBackToLogin={onBackToLogin} />);
  const password = screen.getByLabelText('New Password');
  const confirmation = screen.getByLabelText('Confirm Password');
  const submit = () => screen.getByRole('button', { name: /Reset/ }) as HTMLButtonElement;
  const type = (field: HTMLElement, value: string) =>
    fireEvent.change(field, { target: { value } });
  return { onBackToLogin, password, confirmation, submit, type };
}

const metRules = () =>
  Array.from(document.querySelectorAll('.password-checklist__item--met')).map((item) =>
    item.textContent?.replace(/\(met\)$/, ''),
  );
const message = () => document.querySelector('.form-message');

describe('reset-password screen', () => {
  it('shows the subtitle, both fields and the checklist, all unmet', () => {
    const { submit } = setup();
    expect(screen.getByText('Create your new password')).toBeTruthy();
    for (const label of [
      'At least 8 characters',
      'One uppercase letter',
      'One number',
      'Passwords match',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(metRules()).toEqual([]);
    expect(submit().disabled).toBe(true);
  });

  it('turns each rule green as it is met and enables the button only when all are', () => {
    const { password, confirmation, submit, type } = setup();
    type(password, 'abcdefgh');
    expect(metRules()).toEqual(['At least 8 characters']);
    type(password, 'Abcdefgh');
    expect(metRules()).toEqual(['At least 8 characters', 'One uppercase letter']);
    type(password, 'Abcdefg1');
    type(confirmation, 'Abcdefg');
    expect(metRules()).toHaveLength(3);
    expect(submit().disabled).toBe(true);
    type(confirmation, 'Abcdefg1');
    expect(metRules()).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One number',
      'Passwords match',
    ]);
    expect(submit().disabled).toBe(false);
  });

  it("resets: 'Resetting Password...', the success message, then /login after 2 seconds", async () => {
    let body: unknown;
    let answer: () => void = () => {};
    mockServer.use(
      http.post('*/api/v1/auth/reset-password', async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ message: 'Password has been reset.' });
      }),
    );
    const { password, confirmation, submit, type, onBackToLogin } = setup();
    type(password, 'NewCellar2027');
    type(confirmation, 'NewCellar2027');
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Resetting Password...'));
    expect(submit().disabled).toBe(true);
    await waitFor(() => expect(body).toEqual({ token: 'tok-123', password: 'NewCellar2027' }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer();
    await vi.waitFor(() =>
      expect(message()?.textContent).toBe(
        'Password has been reset successfully! Redirecting to login...',
      ),
    );
    expect(message()?.className).toContain('form-message--success');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(onBackToLogin).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onBackToLogin).toHaveBeenCalledWith({ replace: true });
  });

  it.each([
    [
      HttpResponse.json(
        { message: 'This password reset link is invalid or has expired.' },
        { status: 400 },
      ),
      'This password reset link is invalid or has expired.',
    ],
    [HttpResponse.error(), 'Failed to reset password. Please try again.'],
  ])('shows why the reset failed and keeps the typed passwords', async (reply, expected) => {
    mockServer.use(http.post('*/api/v1/auth/reset-password', () => reply));
    const { password, confirmation, submit, type } = setup();
    type(password, 'NewCellar2027');
    type(confirmation, 'NewCellar2027');
    fireEvent.click(submit());
    await waitFor(() => expect(message()?.textContent).toBe(expected));
    expect(message()?.className).toContain('form-message--error');
    expect((password as HTMLInputElement).value).toBe('NewCellar2027');
    expect(submit().disabled).toBe(false);
  });

  it("goes back to sign-in with 'Back to login'", () => {
    const { onBackToLogin } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBackToLogin).toHaveBeenCalledWith({ replace: false });
  });
});
