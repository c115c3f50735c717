import { type FormEvent, useId, useState } from 'react';
import { itemName } from '#domains/products/display-name.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  type AdjustmentDraft,
  checkAdjustment,
  formatDelta,
  MAX_MOVEMENT,
  MAX_NOTE_LENGTH,
} from '#domains/stock/movement.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';

export interface AdjustmentInput {
  delta: number;
  reason: string;
  note?: string | undefined;
}

/**
 * 'Adjust stock' of one product: add or remove a quantity, with a reason from the inventory
 * settings and an optional note; the new stock shows as it is typed. Works offline: the change
 * waits in the outbox and counts once it reaches the server, whatever other devices did
 * meanwhile. Invalid input is named under its field and nothing typed is lost.
 */
export function AdjustStockDialog({
  item,
  reasons,
  onCancel,
  onSave,
}: {
  item: InventoryItem;
  reasons: readonly string[];
  onCancel: () => void;
  onSave: (adjustment: AdjustmentInput) => Promise<void>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<AdjustmentDraft>({
    direction: 'add',
    quantity: '',
    reason: '',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<'quantity' | 'reason' | 'note', string>>>({});
  const [saving, setSaving] = useState(false);
  const stock = item.stock_quantity ?? 0;
  const typed = draft.quantity.trim();
  const quantity = /^\d{1,7}$/.test(typed) ? Number(typed) : 0;
  const preview =
    quantity >= 1 && quantity <= MAX_MOVEMENT
      ? draft.direction === 'add'
        ? quantity
        : -quantity
      : null;
  const set = <K extends keyof AdjustmentDraft>(key: K, value: AdjustmentDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key as 'quantity']: _gone, ...rest } = current;
      return rest;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkAdjustment(draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave({ delta: check.delta, reason: check.reason, note: check.note });
    } finally {
      setSaving(false);
    }
  }

  const formId = `${id}-form`;

  return (
    <Modal
      title={`Adjust stock: ${itemName(item)}`}
      size="small"
      onClose={onCancel}
      footer={
        <DialogFooter
          confirmLabel="Save adjustment"
          form={formId}
          busy={saving}
          onCancel={onCancel}
        />
      }
    >
      <form id={formId} className="adjust-stock" noValidate onSubmit={submit}>
        <p className="adjust-stock__current">
          Current stock: <strong>{stock}</strong>
        </p>
        <fieldset className="adjust-stock__direction">
          <legend className="field__label">Change</legend>
          {(['add', 'remove'] as const).map((direction) => (
            <label key={direction} className="adjust-stock__choice">
              <input
                type="radio"
                name={`${id}-direction`}
                value={direction}
                checked={draft.direction === direction}
                onChange={() => set('direction', direction)}
              />
              {direction === 'add' ? 'Add' : 'Remove'}
            </label>
          ))}
        </fieldset>
        <Field label="Quantity" id={`${id}-quantity`} error={errors.quantity}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={draft.quantity}
              onChange={(event) => set('quantity', event.target.value)}
            />
          )}
        </Field>
        <Field label="Reason" id={`${id}-reason`} error={errors.reason}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={draft.reason}
              onChange={(event) => set('reason', event.target.value)}
            >
              <option value="">Choose a reason</option>
              {reasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Note (optional)" id={`${id}-note`} error={errors.note}>
          {(control) => (
            <textarea
              {...control}
              className="field__input field__input--area"
              rows={2}
              maxLength={MAX_NOTE_LENGTH + 50}
              value={draft.note}
              onChange={(event) => set('note', event.target.value)}
            />
          )}
        </Field>
        <p className="adjust-stock__after" aria-live="polite">
          {preview === null ? (
            'The new stock shows once a quantity is given.'
          ) : (
            <>
              New stock: <strong>{stock + preview}</strong> ({formatDelta(preview)})
            </>
          )}
        </p>
      </form>
    </Modal>
  );
}
