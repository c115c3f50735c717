import { type FormEvent, useId, useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import type { CustomFieldActions } from '#data/hooks/use-custom-field-actions.ts';
import { checkCustomFieldDefinition } from '#domains/custom-fields/definition.ts';
import {
  allowsOption,
  type EntityType,
  FIELD_TYPE_INFO,
  FIELD_TYPES,
  type FieldType,
} from '#domains/custom-fields/field-types.ts';
import { CUSTOM_FIELD_MESSAGES } from '#domains/custom-fields/messages.ts';
import {
  CUSTOM_FIELD_TEMPLATES,
  type CustomFieldTemplate,
} from '#domains/custom-fields/templates.ts';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { showToast } from '#ui/toast.tsx';
import { definitionFrom, EMPTY_FORM, type FieldForm, formFrom, withName } from '../form-state.ts';

interface ErrorState {
  /** 'Invalid custom field data:' with the list, or one message. */
  title: string;
  items: string[];
}

/**
 * 'Create Custom Field' / 'Edit Custom Field' (spec section 2). Every validation message is
 * shown at once; the change is saved through the outbox. Online, the form waits for the server
 * so that a refusal (a key already taken) is shown here, with what was typed kept; offline, it
 * closes and the change is sent later.
 */
export function CustomFieldModal({
  entityType,
  editing,
  onClose,
  save,
}: {
  entityType: EntityType;
  editing: StoredCustomField | null;
  onClose: () => void;
  save: CustomFieldActions['save'];
}) {
  const creating = editing === null;
  const [form, setForm] = useState<FieldForm>(() => (editing ? formFrom(editing) : EMPTY_FORM));
  const [errors, setErrors] = useState<ErrorState | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const type = form.field_type;
  const set = (changes: Partial<FieldForm>) => setForm((current) => ({ ...current, ...changes }));

  function applyTemplate(template: CustomFieldTemplate) {
    try {
      setForm({ ...formFrom(template.definition), keyEdited: false });
      setErrors(null);
    } catch {
      setErrors({ title: CUSTOM_FIELD_MESSAGES.templateFailed, items: [] });
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const check = checkCustomFieldDefinition(definitionFrom(form, entityType));
    if (!check.success) {
      setErrors({ title: CUSTOM_FIELD_MESSAGES.invalidListTitle, items: check.errors });
      return;
    }
    setErrors(null);
    setSaving(true);
    try {
      const result = await save(editing?.id ?? null, check.output);
      if (result.status === 'refused') {
        // Nothing typed is lost: the form stays open with the server's reason.
        setErrors({ title: result.title, items: result.errors });
        return;
      }
      if (result.status === 'queued') {
        showToast(
          'Saved on this device. It will be sent to the server when the connection is back.',
        );
      }
      setForm(EMPTY_FORM);
      onClose();
    } catch {
      setErrors({ title: CUSTOM_FIELD_MESSAGES.saveFailed, items: [] });
    } finally {
      setSaving(false);
    }
  }

  const field = (id: string) => `${ids}-${id}`;
  return (
    <Modal
      title={creating ? 'Create Custom Field' : 'Edit Custom Field'}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={field('form')}
            className="button button--primary"
            disabled={saving}
          >
            {saving ? 'Saving...' : creating ? 'Create Field' : 'Update Field'}
          </button>
        </>
      }
    >
      <form id={field('form')} className="field-form" onSubmit={submit} noValidate>
        {creating ? (
          <section className="templates" aria-labelledby={field('templates')}>
            <h3 id={field('templates')} className="templates__title">
              Quick Start Templates
            </h3>
            <div className="templates__list">
              {CUSTOM_FIELD_TEMPLATES.map((template) => (
                <button
                  key={template.name}
                  type="button"
                  className="template-chip"
                  onClick={() => applyTemplate(template)}
                >
                  {template.name}
                  <span className="template-chip__type">
                    {FIELD_TYPE_INFO[template.definition.field_type].label}
                  </span>
                </button>
              ))}
            </div>
          </section>
        ) : null}

        {errors ? (
          <div className="form-errors" role="alert">
            <p className="form-errors__title">{errors.title}</p>
            {errors.items.length > 0 ? (
              <ul className="form-errors__list">
                {errors.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <Field id={field('name')} label="Field Name *">
          {(control) => (
            <input
              {...control}
              className="field__input"
              required
              value={form.field_name}
              onChange={(event) =>
                setForm((current) => withName(current, event.target.value, creating))
              }
            />
          )}
        </Field>
        <Field
          id={field('key')}
          label="Field Key"
          hint="Lowercase letters, numbers and underscores; made from the name while you type it."
        >
          {(control) => (
            <input
              {...control}
              className="field__input field__input--mono"
              value={form.field_key}
              onChange={(event) => set({ field_key: event.target.value, keyEdited: true })}
            />
          )}
        </Field>
        <Field
          id={field('type')}
          label="Field Type *"
          hint={
            type
              ? `${FIELD_TYPE_INFO[type].description}. Use it for: ${FIELD_TYPE_INFO[type].useCase}.`
              : null
          }
        >
          {(control) => (
            <select
              {...control}
              className="field__input"
              required
              value={form.field_type}
              onChange={(event) => set({ field_type: event.target.value as FieldType | '' })}
            >
              <option value="">Choose a type…</option>
              {FIELD_TYPES.map((option) => (
                <option key={option} value={option}>
                  {FIELD_TYPE_INFO[option].label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={field('description')} label="Description">
          {(control) => (
            <textarea
              {...control}
              className="field__input field__input--area"
              rows={2}
              value={form.description}
              onChange={(event) => set({ description: event.target.value })}
            />
          )}
        </Field>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={form.is_required}
            onChange={(event) => set({ is_required: event.target.checked })}
          />
          Required field
        </label>

        <fieldset className="rules">
          <legend className="rules__title">Validation Rules</legend>
          {!type ? (
            <p className="field__hint">Choose a field type to see its rules.</p>
          ) : FIELD_TYPE_INFO[type].allows.length === 0 ? (
            <p className="field__hint">This field type has no validation rules.</p>
          ) : null}
          {type && allowsOption(type, 'min_length') ? (
            <div className="rules__row">
              <NumberInput
                id={field('min-length')}
                label="Minimum Length"
                min={0}
                value={form.min_length}
                onChange={(value) => set({ min_length: value })}
              />
              <NumberInput
                id={field('max-length')}
                label="Maximum Length"
                min={0}
                value={form.max_length}
                onChange={(value) => set({ max_length: value })}
              />
            </div>
          ) : null}
          {type && allowsOption(type, 'pattern') ? (
            <Field id={field('pattern')} label="Pattern (regular expression)">
              {(control) => (
                <input
                  {...control}
                  className="field__input field__input--mono"
                  value={form.pattern}
                  onChange={(event) => set({ pattern: event.target.value })}
                />
              )}
            </Field>
          ) : null}
          {type && allowsOption(type, 'min_value') ? (
            <div className="rules__row">
              <NumberInput
                id={field('min-value')}
                label="Minimum Value"
                value={form.min_value}
                onChange={(value) => set({ min_value: value })}
              />
              <NumberInput
                id={field('max-value')}
                label="Maximum Value"
                value={form.max_value}
                onChange={(value) => set({ max_value: value })}
              />
            </div>
          ) : null}
          {type && allowsOption(type, 'options') ? (
            <div className="options">
              <span className="field__label">Options</span>
              {form.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                <div key={index} className="options__row">
                  <label className="visually-hidden" htmlFor={field(`option-${index}`)}>
                    Option {index + 1}
                  </label>
                  <input
                    id={field(`option-${index}`)}
                    className="field__input"
                    required
                    value={option}
                    onChange={(event) =>
                      set({
                        options: form.options.map((value, i) =>
                          i === index ? event.target.value : value,
                        ),
                      })
                    }
                  />
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Remove option ${index + 1}`}
                    disabled={form.options.length === 1}
                    onClick={() => set({ options: form.options.filter((_, i) => i !== index) })}
                  >
                    Remove
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => set({ options: [...form.options, ''] })}
              >
                Add Option
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </Modal>
  );
}

function NumberInput({
  id,
  label,
  value,
  min,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: number;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type="number"
          inputMode="decimal"
          min={min}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
