import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '#data/api-client.ts';
import { acceptInvitation, previewInvitation } from '#data/auth-api.ts';
import { type InvitationPreview, TEAM_MESSAGES } from '#domains/team/team.ts';
import { allPasswordRulesMet } from '#shared/auth/password-rules.ts';
import { ROLE_LABELS } from '#shared/auth/permissions.ts';
import { FormMessage, type FormMessageValue } from '#ui/form-message.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { serverMessageOr } from '../server-message.ts';
import { startSession } from '../sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const NO_CONNECTION = 'The invitation could not be checked. Check the connection and try again.';

type Preview =
  | { status: 'loading' }
  | { status: 'ready'; invitation: InvitationPreview }
  | { status: 'failed'; message: string };

/**
 * /accept-invite: the person invited from Team & Permissions sees who invited them to what,
 * chooses a password under the reset screen's four rules, and is signed in.
 */
export function AcceptInviteForm({
  token,
  onSignedIn,
  onBackToLogin,
}: {
  token: string;
  onSignedIn: () => void;
  onBackToLogin: () => void;
}) {
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each Try again (attempt) asks again
  useEffect(() => {
    let current = true;
    setPreview({ status: 'loading' });
    previewInvitation(token).then(
      (invitation) => current && setPreview({ status: 'ready', invitation }),
      (error: unknown) =>
        current &&
        setPreview({
          status: 'failed',
          message:
            error instanceof ApiError && error.status === 400
              ? serverMessageOr(error, TEAM_MESSAGES.inviteInvalid)
              : NO_CONNECTION,
        }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  if (preview.status !== 'ready') {
    return (
      <AuthCard subtitle="Join your team">
        {preview.status === 'loading' ? (
          <PageSpinner label="Checking your invitation..." />
        ) : (
          <div className="auth-form">
            <FormMessage message={{ kind: 'error', text: preview.message }} />
            {preview.message === NO_CONNECTION ? (
              <button
                type="button"
                className="button button--primary button--block"
                onClick={() => setAttempt((count) => count + 1)}
              >
                Try again
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary button--block"
              onClick={onBackToLogin}
            >
              Back to login
            </button>
          </div>
        )}
      </AuthCard>
    );
  }

  const { invitation } = preview;
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allPasswordRulesMet(password, confirmation) || running) return;
    setRunning(true);
    setMessage(null);
    try {
      const result = await acceptInvitation(token, password);
      await startSession(result, invitation.email);
      onSignedIn();
    } catch (error) {
      setMessage({ kind: 'error', text: serverMessageOr(error, NO_CONNECTION) });
      setRunning(false);
    }
  }

  return (
    <AuthCard subtitle={`Join ${invitation.business_name}`}>
      <form className="auth-form" onSubmit={handleSubmit}>
        <p className="auth-form__intro">
          Welcome, {invitation.name}. You are joining as{' '}
          {ROLE_LABELS[invitation.role].toLowerCase()} and sign in as{' '}
          <strong>{invitation.email}</strong>. Choose your password.
        </p>
        <NewPasswordFields
          idPrefix="invite"
          password={password}
          confirmation={confirmation}
          disabled={running}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!allPasswordRulesMet(password, confirmation) || running}
        >
          {running ? 'Joining...' : `Join ${invitation.business_name}`}
        </button>
        <FormMessage message={message} />
      </form>
    </AuthCard>
  );
}
