import { type ReactNode, useId } from 'react';

/** What a field hands its control: its id, and its problem for assistive technology. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form field: its label, its control (given its id and what describes it), a hint
 * under it, and its own problem, announced, in red under that. What was typed stays in the
 * control whatever the problem.
 */
export function Field({
  label,
  error,
  hint,
  id: givenId,
  className,
  children,
}: {
  label: ReactNode;
  /** The field's problem, or nothing. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The control's id, when the form names it; otherwise one of its own. */
  id?: string;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
