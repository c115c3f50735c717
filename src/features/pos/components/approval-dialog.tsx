import { type FormEvent, useId, useState } from 'react';
import { type Approver, approverOf, PIN_MESSAGES } from '#domains/sales/approval.ts';
import { Modal } from '#ui/modal.tsx';

export const APPROVAL_TEXT = {
  title: 'Manager approval',
  noApprovers:
    'No manager has set an approval PIN yet: a manager or owner sets one in Settings → Payment & Tax.',
} as const;

/**
 * A discount past the staff limit, approved on the tablet: a manager or owner types their PIN,
 * checked here against the stored hashes, so it works offline. Escape or Cancel leaves the sale
 * as it is.
 */
export function ApprovalDialog({
  limit,
  approvers,
  onApproved,
  onClose,
}: {
  limit: number;
  approvers: readonly Approver[];
  onApproved: (approver: Approver) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    const approver = await approverOf(pin, approvers);
    setChecking(false);
    if (!approver) {
      setProblem(PIN_MESSAGES.wrong);
      setPin('');
      return;
    }
    onApproved(approver);
  }

  return (
    <Modal
      title={APPROVAL_TEXT.title}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button--primary"
            disabled={checking || approvers.length === 0 || pin.length < 4}
          >
            {checking ? 'Checking...' : 'Approve'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <p>{PIN_MESSAGES.needed(limit)}.</p>
        {approvers.length === 0 ? (
          <p role="alert">{APPROVAL_TEXT.noApprovers}</p>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-pin`}>
              Manager's PIN
            </label>
            <input
              id={`${id}-pin`}
              className="field__input"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              // biome-ignore lint/a11y/noAutofocus: the dialog opens to take the PIN.
              autoFocus
              value={pin}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => {
                setPin(event.target.value.replace(/\D/g, ''));
                setProblem(null);
              }}
            />
            {problem ? (
              <span id={`${id}-error`} className="field__error" role="alert">
                {problem}
              </span>
            ) : null}
          </div>
        )}
      </form>
    </Modal>
  );
}
