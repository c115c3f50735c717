import { type FormEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { resetPassword } from '#data/auth-api.ts';
import { RESET_REDIRECT_MS } from '#shared/auth/constants.ts';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { allPasswordRulesMet } from '#shared/auth/password-rules.ts';
import { ResetPasswordRequestSchema } from '#shared/auth/schemas.ts';
import { firstIssueMessage } from '#shared/validation.ts';
import { FormMessage, type FormMessageValue } from '#ui/form-message.tsx';
import { serverMessageOr } from '../server-message.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * The reset-password screen of spec section 2: a new password that meets the four rules, sent
 * with the token from the link; on success, back to sign-in after 2 seconds.
 */
export function ResetPasswordForm({
  token,
  onBackToLogin,
}: {
  token: string;
  /** Goes to /login; `replace` after a successful reset. */
  onBackToLogin: (options: { replace: boolean }) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const canSubmit = allPasswordRulesMet(password, confirmation) && !running && !done;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => onBackToLogin({ replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, onBackToLogin]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const request = v.safeParse(ResetPasswordRequestSchema, { token, password });
    if (!request.success) {
      setMessage({ kind: 'error', text: firstIssueMessage(request.issues) });
      return;
    }
    setRunning(true);
    setMessage(null);
    try {
      await resetPassword(request.output.token, request.output.password);
      setDone(true);
      setMessage({ kind: 'success', text: AUTH_MESSAGES.resetSucceeded });
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessageOr(error, AUTH_MESSAGES.resetFailed) });
    } finally {
      setRunning(false);
    }
  }

  return (
    <AuthCard subtitle="Create your new password">
      <form className="auth-form" onSubmit={handleSubmit}>
        <NewPasswordFields
          idPrefix="reset"
          password={password}
          confirmation={confirmation}
          disabled={running || done}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!canSubmit}
        >
          {running ? 'Resetting Password...' : 'Reset Password'}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => onBackToLogin({ replace: false })}
        >
          Back to login
        </button>
        <FormMessage message={message} />
      </form>
    </AuthCard>
  );
}
