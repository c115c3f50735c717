import type { ReactNode } from 'react';
import type { StoredCustomField } from '#data/db.ts';

/** What a form holds for a custom value: text, the chosen options of a multi-select. */
export type FormValue = string | string[];

/**
 * The input of one custom field, by its type (spec section 3): a text box of the right kind, a
 * number or a date, a list of options, or boxes to tick for a multi-select. Yes/No is a list so
 * that 'not set' stays possible. The value is checked by the field's rules when the form saves.
 */
export function CustomValueInput({
  field,
  label,
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  field: StoredCustomField;
  /** The field's name as shown: a multi-select's legend (other inputs have their label). */
  label: ReactNode;
  id: string;
  value: FormValue | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: FormValue) => void;
}) {
  const common = {
    id,
    className: 'field__input',
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.is_required ? true : undefined,
  } as const;
  const text = typeof value === 'string' ? value : '';
  const options = field.validation.options ?? [];

  switch (field.field_type) {
    case 'textarea':
      return (
        <textarea
          {...common}
          className="field__input field__input--area"
          rows={3}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'select':
      return (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select...</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">Not set</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      );
    case 'multi_select': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset id={id} className="choice-list" aria-describedby={describedBy}>
          <legend className="field__label">{label}</legend>
          {options.map((option) => (
            <label key={option} className="choice-list__item">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, option]
                      : chosen.filter((item) => item !== option),
                  )
                }
              />
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    default: {
      const type =
        {
          number: 'number',
          date: 'date',
          email: 'email',
          url: 'url',
          phone: 'tel',
        }[field.field_type as string] ?? 'text';
      return (
        <input
          {...common}
          type={type}
          step={type === 'number' ? 'any' : undefined}
          inputMode={type === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
  }
}
