import { checkPasswordRules } from '#shared/auth/password-rules.ts';
import { Field } from '#ui/field.tsx';
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
      <Field id={`${idPrefix}-password`} label="New Password">
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="password"
            autoComplete="new-password"
            disabled={disabled}
            value={password}
            onChange={(event) => onPassword(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-confirmation`} label="Confirm Password">
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="password"
            autoComplete="new-password"
            disabled={disabled}
            value={confirmation}
            onChange={(event) => onConfirmation(event.target.value)}
          />
        )}
      </Field>
      <PasswordChecklist results={checkPasswordRules(password, confirmation)} />
    </>
  );
}
