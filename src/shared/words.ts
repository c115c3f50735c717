/** Counts as people read them: with thousands separators, and the noun agreeing with the count. */
const countFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** 1,500 */
export const countText = (count: number) => countFormat.format(count);

/** '1 change', '2 changes', '1,500 products'; `many` for a plural not made with an 's'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}
