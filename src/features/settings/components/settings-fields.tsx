import { useId } from 'react';

/**
 * A settings tab's fields from a list of what each is: a number with its limits, a yes/no, a
 * choice of options, a line of text, a list typed one item per line, or options each switched
 * on or off. Each field is labelled,
 * says what it does (and where it is used), and hands back the section changed.
 */
export type SettingField<T> =
  | {
      key: keyof T & string;
      label: string;
      kind: 'number';
      min: number;
      max: number;
      step?: number;
      hint?: string;
    }
  | { key: keyof T & string; label: string; kind: 'boolean'; hint?: string }
  | {
      key: keyof T & string;
      label: string;
      kind: 'choice';
      options: readonly { value: string; label: string }[];
      hint?: string;
    }
  | { key: keyof T & string; label: string; kind: 'text'; maxLength: number; hint?: string }
  | { key: keyof T & string; label: string; kind: 'list'; hint?: string }
  /** Options each on unless the list names it: the list holds those turned off. */
  | {
      key: keyof T & string;
      label: string;
      kind: 'switches';
      options: readonly { value: string; label: string }[];
      hint?: string;
    };

export function SettingsFields<T extends object>({
  fields,
  value,
  onChange,
  disabled = false,
}: {
  fields: readonly SettingField<T>[];
  value: T;
  onChange: (next: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const read = (key: string) => (value as Record<string, unknown>)[key];
  const set = (key: string, next: unknown) => onChange({ ...value, [key]: next });
  return (
    <div className="settings-grid">
      {fields.map((field) => {
        const inputId = `${id}-${field.key}`;
        const hintId = field.hint ? `${inputId}-hint` : undefined;
        const hint = field.hint ? (
          <span id={hintId} className="field__hint">
            {field.hint}
          </span>
        ) : null;
        if (field.kind === 'boolean') {
          return (
            <div key={field.key} className="field">
              <label className="choice-list__item">
                <input
                  type="checkbox"
                  checked={read(field.key) === true}
                  disabled={disabled}
                  aria-describedby={hintId}
                  onChange={(event) => set(field.key, event.target.checked)}
                />
                <span>{field.label}</span>
              </label>
              {hint}
            </div>
          );
        }
        if (field.kind === 'switches') {
          const off = (read(field.key) as string[] | undefined) ?? [];
          return (
            <fieldset
              key={field.key}
              className="field settings-grid__wide settings-switches"
              aria-describedby={hintId}
            >
              <legend className="field__label">{field.label}</legend>
              {field.options.map((option) => (
                <label key={option.value} className="choice-list__item">
                  <input
                    type="checkbox"
                    checked={!off.includes(option.value)}
                    disabled={disabled}
                    onChange={(event) =>
                      set(
                        field.key,
                        event.target.checked
                          ? off.filter((value) => value !== option.value)
                          : [...off, option.value],
                      )
                    }
                  />
                  <span>{option.label}</span>
                </label>
              ))}
              {hint}
            </fieldset>
          );
        }
        return (
          <div
            key={field.key}
            className={`field${field.kind === 'list' ? ' settings-grid__wide' : ''}`}
          >
            <label className="field__label" htmlFor={inputId}>
              {field.label}
            </label>
            {field.kind === 'number' ? (
              <NumberInput
                id={inputId}
                value={Number(read(field.key))}
                min={field.min}
                max={field.max}
                step={field.step ?? 1}
                disabled={disabled}
                describedBy={hintId}
                onChange={(next) => set(field.key, next)}
              />
            ) : field.kind === 'choice' ? (
              <select
                id={inputId}
                className="field__input"
                value={String(read(field.key))}
                disabled={disabled}
                aria-describedby={hintId}
                onChange={(event) => set(field.key, event.target.value)}
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'text' ? (
              <input
                id={inputId}
                className="field__input"
                value={String(read(field.key) ?? '')}
                maxLength={field.maxLength}
                disabled={disabled}
                aria-describedby={hintId}
                onChange={(event) => set(field.key, event.target.value)}
              />
            ) : (
              <textarea
                id={inputId}
                className="field__input field__input--area"
                rows={5}
                value={((read(field.key) as string[] | undefined) ?? []).join('\n')}
                disabled={disabled}
                aria-describedby={hintId}
                onChange={(event) => set(field.key, event.target.value.split('\n'))}
              />
            )}
            {hint}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A number kept within its limits: what is typed shows as typed, and the section takes it once
 * it is a number in range (an empty or out-of-range entry is not saved, and says so).
 */
function NumberInput({
  id,
  value,
  min,
  max,
  step,
  disabled,
  describedBy,
  onChange,
}: {
  id: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  describedBy: string | undefined;
  onChange: (next: number) => void;
}) {
  return (
    <input
      id={id}
      className="field__input"
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step}
      defaultValue={Number.isFinite(value) ? value : ''}
      key={value}
      disabled={disabled}
      aria-describedby={describedBy}
      onBlur={(event) => {
        const next = Number(event.target.value);
        if (event.target.value.trim() === '' || !Number.isFinite(next)) return;
        onChange(Math.min(max, Math.max(min, next)));
      }}
    />
  );
}
