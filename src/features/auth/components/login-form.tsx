import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { requestLogin, requestPasswordReset } from '#data/auth-api.ts';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { checkForgotPasswordEmail, LoginRequestSchema } from '#shared/auth/schemas.ts';
import { firstIssueMessage } from '#shared/validation.ts';
import { Field } from '#ui/field.tsx';
import { FormMessage, type FormMessageValue } from '#ui/form-message.tsx';
import { serverMessageOr } from '../server-message.ts';
import { startSession } from '../sign-in.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The sign-in screen of spec section 2: Login, and 'Forgot password?' which mails a reset link to
 * the typed address. While either request runs, both inputs and both buttons are disabled.
 */
export function LoginForm({
  notice,
  onSignedIn,
}: {
  /** Why the previous session ended, shown until the next attempt. */
  notice: string | null;
  onSignedIn: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [running, setRunning] = useState<'login' | 'forgot' | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(
    notice ? { kind: 'error', text: notice } : null,
  );
  const [emailInvalid, setEmailInvalid] = useState(false);
  // A session can end just after this screen appeared (the refusal that ends it settles later than
  // the redirect), so a notice that arrives later replaces what is shown.
  const [shownNotice, setShownNotice] = useState(notice);
  if (notice !== shownNotice) {
    setShownNotice(notice);
    if (notice) setMessage({ kind: 'error', text: notice });
  }
  const busy = running !== null;

  async function handleLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const credentials = v.safeParse(LoginRequestSchema, { email, password });
    if (!credentials.success) {
      setMessage({ kind: 'error', text: firstIssueMessage(credentials.issues) });
      return;
    }
    setRunning('login');
    setMessage(null);
    setEmailInvalid(false);
    try {
      const result = await requestLogin(credentials.output.email, credentials.output.password);
      await startSession(result, credentials.output.email);
      setMessage({ kind: 'success', text: AUTH_MESSAGES.loginSucceeded });
      onSignedIn();
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessageOr(error, AUTH_MESSAGES.loginFailed) });
    } finally {
      setRunning(null);
    }
  }

  async function handleForgot() {
    if (busy) return;
    const check = checkForgotPasswordEmail(email);
    if (!check.ok) {
      setMessage({ kind: 'error', text: check.message });
      setEmailInvalid(check.problem === 'invalid');
      return;
    }
    setRunning('forgot');
    setMessage(null);
    setEmailInvalid(false);
    try {
      await requestPasswordReset(check.email);
      setMessage({ kind: 'success', text: AUTH_MESSAGES.forgotSucceeded });
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessageOr(error, AUTH_MESSAGES.forgotFailed) });
    } finally {
      setRunning(null);
    }
  }

  return (
    <AuthCard subtitle="Welcome back! Please sign in to your account.">
      <form className="auth-form" onSubmit={handleLogin}>
        <Field label="Email address" id="login-email">
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              required
              disabled={busy}
              value={email}
              aria-invalid={emailInvalid}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailInvalid(false);
              }}
            />
          )}
        </Field>
        <Field label="Password" id="login-password">
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              disabled={busy}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <div className="auth-form__row">
          <button
            type="button"
            className="button button--link"
            disabled={busy}
            onClick={handleForgot}
          >
            {running === 'forgot' ? 'Sending...' : 'Forgot password?'}
          </button>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {running === 'login' ? 'Logging in...' : 'Login'}
        </button>
        <FormMessage message={message} />
      </form>
    </AuthCard>
  );
}
