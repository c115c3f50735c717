import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import { columnLabel } from '#domains/products/columns.ts';
import { fieldOfColumn } from '#domains/products/fields.ts';
import type { RowDraft } from '#domains/products/local-edits.ts';
import type { ColumnDef } from '../columns.ts';
import { ChoiceOptions, inputKind } from '../field-input.tsx';
import { CustomValueInput, type FormValue } from './custom-value-input.tsx';

/** A multi-select's chosen options, as the draft holds them ('a, b'), and back. */
const chosenOptions = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
const draftText = (value: FormValue) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The edit mode of one row: its editable fields (the spec's product, producer, country, region,
 * appellation, luc and listPrice, every other field the table shows, and the custom fields, each
 * with the input the product form gives its type: a list of options, boxes to tick, a date).
 * Save or Enter saves the edits; Cancel or Escape discards them. A value the rules refuse keeps
 * the row in edit mode, with the message next to its field and everything typed still there.
 */
export function RowEditor({
  productName,
  initialDraft,
  columns,
  customColumns,
  customFields = [],
  onSave,
  onCancel,
  errors = {},
}: {
  productName: string;
  initialDraft: RowDraft;
  /** The fields' columns it offers, in order (local-edits.ts editableColumns). */
  columns: readonly string[];
  customColumns: readonly ColumnDef[];
  /** The custom fields' definitions: each gets the input of its type. */
  customFields?: readonly StoredCustomField[];
  onSave: (draft: RowDraft) => void;
  onCancel: () => void;
  /** Problems by field, from the last Save. */
  errors?: Readonly<Record<string, string>>;
}) {
  const [draft, setDraft] = useState(initialDraft);
  const definitions = new Map(customFields.map((field) => [field.field_key, field]));
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

  const fields: { key: string; label: string; custom: boolean }[] = [
    ...columns.map((key) => ({ key, label: columnLabel(key) ?? key, custom: false })),
    ...customColumns.map((column) => ({ key: column.key, label: column.label, custom: true })),
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
        {fields.map((field) => {
          const error = errors[field.key];
          const errorId = `${formId}-${field.key}-error`;
          const message = error ? (
            <span id={errorId} className="field__error" role="alert">
              {error}
            </span>
          ) : null;
          const definition = field.custom ? definitions.get(field.key) : undefined;
          if (definition) {
            const id = `${formId}-${field.key}`;
            const multiple = definition.field_type === 'multi_select';
            return (
              <div key={field.key} className="field">
                {multiple ? null : (
                  <label htmlFor={id} className="field__label">
                    {field.label}
                  </label>
                )}
                <CustomValueInput
                  field={definition}
                  label={field.label}
                  id={id}
                  value={multiple ? chosenOptions(draft[field.key]) : (draft[field.key] ?? '')}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  onChange={(value) => setDraft({ ...draft, [field.key]: draftText(value) })}
                />
                {message}
              </div>
            );
          }
          const spec = field.custom ? undefined : fieldOfColumn(field.key);
          const id = `${formId}-${field.key}`;
          const common = {
            id,
            className: 'field__input',
            value: draft[field.key] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          } as const;
          return (
            <div key={field.key} className="field">
              <label htmlFor={id} className="field__label">
                {field.label}
              </label>
              {spec?.kind === 'choice' ? (
                <select
                  {...common}
                  onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                >
                  <ChoiceOptions spec={spec} />
                </select>
              ) : (
                <input
                  {...common}
                  {...(spec ? inputKind(spec) : { type: 'text' })}
                  placeholder={field.custom ? 'Enter text or numbers' : spec?.placeholder}
                  onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                />
              )}
              {message}
            </div>
          );
        })}
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
