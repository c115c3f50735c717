import type { InputHTMLAttributes, MutableRefObject } from 'react';

/**
 * Stands in for react-number-format's NumericFormat, which the data grid loads only to edit a
 * number cell in place. The catalogue's grid has none (every cell is read-only; products are
 * edited in the row editor), so a plain decimal input answering the same callback is enough
 * (vite.config.ts).
 */
interface NumericFormatProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value?: string | number;
  getInputRef?: MutableRefObject<HTMLInputElement | null | undefined>;
  onValueChange?: (values: { floatValue: number | undefined; value: string }) => void;
  decimalScale?: number;
  allowNegative?: boolean;
  thousandSeparator?: string;
  decimalSeparator?: string;
}

export function NumericFormat({
  value,
  getInputRef,
  onValueChange,
  decimalScale: _decimalScale,
  allowNegative: _allowNegative,
  thousandSeparator: _thousandSeparator,
  decimalSeparator: _decimalSeparator,
  ...input
}: NumericFormatProps) {
  return (
    <input
      {...input}
      ref={(element) => {
        if (getInputRef) getInputRef.current = element;
      }}
      inputMode="decimal"
      defaultValue={value ?? ''}
      onChange={(event) => {
        const text = event.target.value.trim();
        const number = Number(text);
        onValueChange?.({
          floatValue: text && Number.isFinite(number) ? number : undefined,
          value: text,
        });
      }}
    />
  );
}
