import { type ProductFieldSpec, shownOption } from '#domains/products/fields.ts';

/** The input a field's kind calls for: money and numbers as numbers, with their limits. */
export function inputKind(spec: ProductFieldSpec) {
  if (spec.kind === 'money') {
    return { type: 'number', step: '0.01', min: 0, inputMode: 'decimal' } as const;
  }
  if (spec.kind === 'number') {
    const decimals = spec.decimals ?? 0;
    return {
      type: 'number',
      step: decimals === 0 ? '1' : String(10 ** -decimals),
      min: spec.min,
      max: spec.max,
      inputMode: decimals === 0 ? 'numeric' : 'decimal',
    } as const;
  }
  return { type: 'text' } as const;
}

/** A choice's options in a select: none ('—') first, then the line's options by their labels. */
export function ChoiceOptions({ spec }: { spec: ProductFieldSpec }) {
  return (
    <>
      <option value="">—</option>
      {(spec.options ?? []).map((option) => (
        <option key={option} value={option}>
          {shownOption(spec, option)}
        </option>
      ))}
    </>
  );
}
