import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { OFFERED_COLUMNS } from '#shared/inventory/columns.ts';
import {
  EDITABLE_FIELDS,
  NUMERIC_EDIT_FIELDS,
  type RowDraft,
} from '#shared/inventory/local-edits.ts';
import type { ColumnDef } from '../columns.ts';

const LABELS = new Map<string, string>(OFFERED_COLUMNS.map((column) => [column.key, column.label]));

/**
 * The edit mode of one row: its editable fields (product, producer, country, region,
 * appellation, luc, listPrice and the custom fields). Save or Enter merges the edits into the
 * row; Cancel or Escape discards them. Nothing is sent to the server.
 */
export function RowEditor({
  productName,
  initialDraft,
  customColumns,
  onSave,
  onCancel,
}: {
  productName: string;
  initialDraft: RowDraft;
  customColumns: readonly ColumnDef[];
  onSave: (draft: RowDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initialDraft);
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
    ...EDITABLE_FIELDS.map((key) => ({
      key,
      label: key === 'product' ? 'Product Name' : (LABELS.get(key) ?? key),
      numeric: NUMERIC_EDIT_FIELDS.has(key),
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
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
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
