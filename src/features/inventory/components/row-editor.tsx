import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { columnLabel } from '#domains/products/columns.ts';
import { isMoneyColumn, type RowDraft } from '#domains/products/local-edits.ts';
import type { ColumnDef } from '../columns.ts';

/**
 * The edit mode of one row: its editable fields (the spec's product, producer, country, region,
 * appellation, luc and listPrice, every other field the table shows, and the custom fields).
 * Save or Enter saves the edits; Cancel or Escape discards them. A value the rules refuse keeps
 * the row in edit mode, with the message next to its field and everything typed still there.
 */
export function RowEditor({
  productName,
  initialDraft,
  columns,
  customColumns,
  onSave,
  onCancel,
  errors = {},
}: {
  productName: string;
  initialDraft: RowDraft;
  /** The fields' columns it offers, in order (local-edits.ts editableColumns). */
  columns: readonly string[];
  customColumns: readonly ColumnDef[];
  onSave: (draft: RowDraft) => void;
  onCancel: () => void;
  /** Problems by field, from the last Save. */
  errors?: Readonly<Record<string, string>>;
}) {
  const [draft, setDraft] = useState(initialDraft);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }

  const fields: { key: string; label: string; numeric: boolean; custom: boolean }[] = [
    ...columns.map((key) => ({
      key,
      label: columnLabel(key) ?? key,
      numeric: isMoneyColumn(key),
      custom: false,
    })),
    ...customColumns.map((column) => ({
      key: column.key,
      label: column.label,
      numeric: false,
      custom: true,
    })),
  ];

  return (
    <form
      ref={formRef}
      className="row-editor card"
      aria-label={`Edit ${productName}`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <h2 className="row-editor__title">Editing {productName}</h2>
      <div className="row-editor__fields">
        {fields.map((field) => (
          <label key={field.key} className="field">
            <span className="field__label">{field.label}</span>
            <input
              className="field__input"
              type={field.numeric ? 'number' : 'text'}
              step={field.numeric ? '0.01' : undefined}
              inputMode={field.numeric ? 'decimal' : undefined}
              placeholder={field.custom ? 'Enter text or numbers' : undefined}
              value={draft[field.key] ?? ''}
              aria-invalid={errors[field.key] ? true : undefined}
              aria-describedby={errors[field.key] ? `${formId}-${field.key}-error` : undefined}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
            {errors[field.key] ? (
              <span id={`${formId}-${field.key}-error`} className="field__error" role="alert">
                {errors[field.key]}
              </span>
            ) : null}
          </label>
        ))}
      </div>
      <div className="row-editor__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          Save
        </button>
      </div>
    </form>
  );
}
