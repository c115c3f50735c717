import { type FormEvent, useId, useState } from 'react';
import { type ApprovalOutcome, approveSale } from '#data/repositories/approvals.ts';
import { type ApprovalKey, type Approver, PIN_MESSAGES } from '#domains/sales/approval.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';

export const APPROVAL_TEXT = {
  title: 'Manager approval',
  who: 'Who approves',
  pin: "Manager's PIN",
  locked: (name: string) => `${name} (PIN locked)`,
  noApprovers:
    'No manager has set an approval PIN yet: a manager or owner sets one in Settings → Payment & Tax.',
} as const;

/**
 * A discount past the staff limit, approved on the tablet: a manager or owner is chosen and types
 * their PIN, which is sealed for this sale at once (the tablet never holds anything a PIN could
 * be checked against). Online the server checks it before the sale completes, so a wrong PIN is
 * said here; offline the sale goes ahead and the server checks it when the sale arrives. Escape
 * or Cancel leaves the sale as it is.
 */
export function ApprovalDialog({
  limit,
  sale,
  approvers,
  approvalKey,
  onApproved,
  onClose,
}: {
  limit: number;
  /** The sale as it stands: the approval is sealed for its id, lines and discount. */
  sale: Pick<Sale, 'id' | 'lines' | 'discount'>;
  approvers: readonly Approver[];
  approvalKey: ApprovalKey | undefined;
  onApproved: (outcome: Exclude<ApprovalOutcome, { status: 'refused' }>) => void;
  onClose: () => void;
}) {
  const id = useId();
  const open = approvers.filter((approver) => !approver.locked);
  const [approverId, setApproverId] = useState(open.length === 1 ? (open[0]?.user_id ?? '') : '');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const approver = approvers.find((each) => each.user_id === approverId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!approver) {
      setProblem(PIN_MESSAGES.approver);
      return;
    }
    if (!/^\d{4,8}$/.test(pin)) {
      setProblem(PIN_MESSAGES.pin);
      return;
    }
    setChecking(true);
    try {
      const outcome = await approveSale({ key: approvalKey, approver, pin, sale });
      if (outcome.status === 'refused') {
        setProblem(outcome.message);
        setPin('');
        return;
      }
      onApproved(outcome);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
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
            disabled={checking || open.length === 0 || pin.length < 4}
          >
            {checking ? 'Checking...' : 'Approve'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="approval-form" onSubmit={submit} noValidate>
        <p className="approval-form__intro">{PIN_MESSAGES.needed(limit)}.</p>
        {approvers.length === 0 ? (
          <p role="alert">{APPROVAL_TEXT.noApprovers}</p>
        ) : (
          <>
            <Field id={`${id}-who`} label={APPROVAL_TEXT.who}>
              {(control) => (
                <select
                  {...control}
                  className="field__input"
                  value={approverId}
                  onChange={(event) => {
                    setApproverId(event.target.value);
                    setProblem(null);
                  }}
                >
                  {open.length === 1 ? null : <option value="">Choose a manager</option>}
                  {approvers.map((each) => (
                    <option key={each.user_id} value={each.user_id} disabled={each.locked}>
                      {each.locked ? APPROVAL_TEXT.locked(each.name) : each.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${id}-pin`} label={APPROVAL_TEXT.pin}>
              {(control) => (
                <input
                  {...control}
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
              )}
            </Field>
            {problem ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                {problem}
              </p>
            ) : null}
          </>
        )}
      </form>
    </Modal>
  );
}
