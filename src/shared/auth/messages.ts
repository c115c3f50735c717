/**
 * Authentication and session texts of spec section 8, character for character. The client shows
 * them and the server answers with the validation ones, so both read from here.
 */
export const AUTH_MESSAGES = {
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
} as const;

/** 'API call failed: {status} {statusText}' for any other non-OK authenticated call. */
export function apiCallFailedMessage(status: number, statusText: string): string {
  return `API call failed: ${status} ${statusText}`;
}

/** Server answers that the spec leaves to us; the client shows them as the server's message. */
export const SERVER_AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  refreshTokenRequired: 'Refresh token is required',
  invalidRefreshToken: 'Invalid refresh token',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetTokenRequired: 'Reset token is required',
  passwordTooWeak:
    'Password must be at least 8 characters and contain one uppercase letter and one number',
  forgotAccepted: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Password has been reset.',
  unauthorized: 'Authentication required',
  emailTooLong: 'Email must be at most 254 characters',
  /** A disabled person's sign-in or refresh: their device keeps their changes aside. */
  accountDisabled: 'This account has been disabled. Ask an owner of your business.',
  passwordTooLong: 'Password must be at most 256 characters',
} as const;
