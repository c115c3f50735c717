import { checkPasswordRules } from '#shared/auth/password-rules.ts';
import { PasswordChecklist } from './password-checklist.tsx';

/**
 * New Password and Confirm Password with the live checklist of the four rules: the reset screen
 * and the invitation screen choose a password alike.
 */
export function NewPasswordFields({
  idPrefix,
  password,
  confirmation,
  disabled,
  onPassword,
  onConfirmation,
}: {
  idPrefix: string;
  password: string;
  confirmation: string;
  disabled: boolean;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-password`}>
          New Password
        </label>
        <input
          id={`${idPrefix}-password`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          value={password}
          onChange={(event) => onPassword(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-confirmation`}>
          Confirm Password
        </label>
        <input
          id={`${idPrefix}-confirmation`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          value={confirmation}
          onChange={(event) => onConfirmation(event.target.value)}
        />
      </div>
      <PasswordChecklist results={checkPasswordRules(password, confirmation)} />
    </>
  );
}
