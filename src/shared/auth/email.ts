import { AUTH_MESSAGES } from './messages.ts';

/** The {email} form of spec section 5: something@domain.tld, with no spaces anywhere. */
const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailForm(value: string): boolean {
  return EMAIL_FORM.test(value);
}

export type ForgotEmailProblem = 'empty' | 'invalid';

/**
 * Forgot-password check, run before any call. Leading and trailing spaces are forgiven (they come
 * from pasting); a space inside the address is not.
 */
export function checkForgotPasswordEmail(
  email: string,
): { ok: true; email: string } | { ok: false; problem: ForgotEmailProblem; message: string } {
  const trimmed = email.trim();
  if (trimmed === '') {
    return { ok: false, problem: 'empty', message: AUTH_MESSAGES.forgotEmptyEmail };
  }
  if (!isEmailForm(trimmed)) {
    return { ok: false, problem: 'invalid', message: AUTH_MESSAGES.forgotInvalidEmail };
  }
  return { ok: true, email: trimmed };
}
