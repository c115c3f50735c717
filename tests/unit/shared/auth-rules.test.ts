import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, apiCallFailedMessage } from '#shared/auth/messages.ts';
import {
  allPasswordRulesMet,
  checkPasswordRules,
  isStrongPassword,
} from '#shared/auth/password-rules.ts';
import {
  checkForgotPasswordEmail,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  RefreshResponseSchema,
} from '#shared/auth/schemas.ts';

describe('messages of spec section 8', () => {
  it('are the exact texts', () => {
    expect(AUTH_MESSAGES).toEqual({
      loginFailed: 'Login failed. Please try again.',
      loginSucceeded: 'Login successful! Redirecting...',
      forgotEmptyEmail: 'Please complete the email field',
      forgotInvalidEmail: 'Please enter a valid email address',
      forgotFailed: 'Failed to send password reset email. Please try again.',
      forgotSucceeded:
        'Password reset link has been sent to your email address. Please check your inbox.',
      resetFailed: 'Failed to reset password. Please try again.',
      resetSucceeded: 'Password has been reset successfully! Redirecting to login...',
      noRefreshToken: 'No refresh token available',
      refreshFailed: 'Token refresh failed',
      sessionExpired: 'Session expired. Please login again.',
    });
    expect(apiCallFailedMessage(404, 'Not Found')).toBe('API call failed: 404 Not Found');
  });
});

describe('forgot-password email check', () => {
  it.each(['', '   ', '\t'])('asks to complete an empty field: %j', (email) => {
    expect(checkForgotPasswordEmail(email)).toEqual({
      ok: false,
      problem: 'empty',
      message: 'Please complete the email field',
    });
  });

  it.each(['demo', 'demo@', 'demo@vintry', '@vintry.test', 'de mo@vintry.test', 'a@b@c.de'])(
    'refuses the malformed %j',
    (email) => {
      expect(checkForgotPasswordEmail(email)).toEqual({
        ok: false,
        problem: 'invalid',
        message: 'Please enter a valid email address',
      });
    },
  );

  it('accepts an address, forgiving spaces around it', () => {
    expect(checkForgotPasswordEmail('  demo@vintry.test ')).toEqual({
      ok: true,
      email: 'demo@vintry.test',
    });
  });

  it('is the rule the server applies too', () => {
    const empty = v.safeParse(ForgotPasswordRequestSchema, { email: ' ' });
    const invalid = v.safeParse(ForgotPasswordRequestSchema, { email: 'demo@' });
    expect(empty.issues?.[0]?.message).toBe('Please complete the email field');
    expect(invalid.issues?.[0]?.message).toBe('Please enter a valid email address');
  });
});

describe('reset-password rules', () => {
  it('reports each of the four rules with its label', () => {
    expect(checkPasswordRules('', '')).toEqual([
      { id: 'length', label: 'At least 8 characters', met: false },
      { id: 'uppercase', label: 'One uppercase letter', met: false },
      { id: 'digit', label: 'One number', met: false },
      { id: 'match', label: 'Passwords match', met: false },
    ]);
  });

  it.each([
    ['Abcdefg1', 'Abcdefg1', true],
    ['Abcdef1', 'Abcdef1', false], // 7 characters
    ['abcdefg1', 'abcdefg1', false], // no uppercase
    ['Abcdefgh', 'Abcdefgh', false], // no digit
    ['Abcdefg1', 'Abcdefg2', false], // mismatch
    ['ÀBCDEFG1', 'ÀBCDEFG1', true], // A–Z present besides the accented letter
    ['àbcdefg1', 'àbcdefg1', false], // only A–Z counts as uppercase
  ])('%j / %j → %s', (password, confirmation, expected) => {
    expect(allPasswordRulesMet(password, confirmation)).toBe(expected);
  });

  it('needs a non-empty confirmation for the match rule', () => {
    const match = checkPasswordRules('', '').find((rule) => rule.id === 'match');
    expect(match?.met).toBe(false);
  });

  it('judges strength alone for the server and the admin tool', () => {
    expect(isStrongPassword('Vintry2026')).toBe(true);
    expect(isStrongPassword('vintry2026')).toBe(false);
  });
});

describe('login call shapes', () => {
  it('requires both fields before sending', () => {
    expect(v.safeParse(LoginRequestSchema, { email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(v.safeParse(LoginRequestSchema, { email: 'a@b.co', password: '' }).success).toBe(false);
    expect(v.safeParse(LoginRequestSchema, { email: ' ', password: 'x' }).success).toBe(false);
  });

  it('reads accessToken or access_token and refreshToken or refresh_token', () => {
    expect(v.parse(LoginResponseSchema, { access_token: 'a', refresh_token: 'r' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      user: undefined,
    });
    expect(
      v.parse(LoginResponseSchema, {
        accessToken: 'a',
        refreshToken: 'r',
        user: { email: 'x@y.z', name: 'X' },
      }),
    ).toEqual({ accessToken: 'a', refreshToken: 'r', user: { email: 'x@y.z', name: 'X' } });
  });

  it('refuses an answer missing a token', () => {
    expect(v.safeParse(LoginResponseSchema, { accessToken: 'a' }).success).toBe(false);
    expect(v.safeParse(LoginResponseSchema, { refreshToken: 'r' }).success).toBe(false);
  });

  it('reads a refresh answer with or without a rotated refresh token', () => {
    expect(v.parse(RefreshResponseSchema, { accessToken: 'a' })).toEqual({
      accessToken: 'a',
      refreshToken: undefined,
    });
    expect(v.parse(RefreshResponseSchema, { access_token: 'a', refresh_token: 'r' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });
});
