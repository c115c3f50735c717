/**
 * The buttons at the foot of a dialog or a form: Cancel, then the one action it is for. The
 * action submits the form named by `form`, or runs `onConfirm`; `busy` keeps it from being
 * pressed twice while it runs.
 */
export function DialogFooter({
  confirmLabel,
  onCancel,
  onConfirm,
  form,
  busy = false,
  disabled = false,
  tone = 'primary',
  cancelLabel = 'Cancel',
}: {
  confirmLabel: string;
  onCancel: () => void;
  onConfirm?: () => void;
  /** The id of the form the action submits. */
  form?: string;
  busy?: boolean;
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  cancelLabel?: string;
}) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className={`button button--${tone}`}
        disabled={busy || disabled}
        onClick={form ? undefined : onConfirm}
      >
        {confirmLabel}
      </button>
    </>
  );
}
