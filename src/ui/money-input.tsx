import type { InputHTMLAttributes } from 'react';

/**
 * An amount of money as typed ('12.50', '$12.50'): kept as text so that what the person typed
 * stays while it is checked, with the keyboard of numbers and a point on a tablet. The caller
 * reads it in cents (parseCents in #domains/sales/money.ts) and says what is wrong.
 */
export function MoneyInput({
  value,
  onValueChange,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (text: string) => void;
}) {
  return (
    <input
      {...rest}
      className={className ? `field__input ${className}` : 'field__input'}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
