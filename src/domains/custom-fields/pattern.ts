import { RE2JS } from 're2js';

/**
 * A custom field's pattern (spec section 3), run by RE2's algorithm (re2js, a pure JavaScript
 * port, the same on the device and the server) rather than by the browser's or Node's own
 * backtracking engine. Matching then takes time in proportion to the value's length whatever
 * the pattern: `^(a+)+$` against 'aaa…a!' answers at once instead of freezing the server for
 * every business. The price: RE2 has no look-arounds and no back-references, so a pattern using
 * them is refused as 'Invalid regex pattern' when it is saved.
 */
export const MAX_PATTERN_LENGTH = 200;

/** Compiled patterns, by their text: a catalogue of 50,000 products has a handful of them. */
const compiled = new Map<string, RE2JS | null>();
const KEPT = 200;

function compile(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern) ?? null;
  let program: RE2JS | null = null;
  if (pattern.length <= MAX_PATTERN_LENGTH) {
    try {
      program = RE2JS.compile(pattern);
    } catch {
      program = null;
    }
  }
  if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, program);
  return program;
}

/** Whether a pattern may be saved: short enough, and readable by RE2. */
export function isValidPattern(pattern: string): boolean {
  return compile(pattern) !== null;
}

/**
 * Whether the text holds a match anywhere, as `RegExp.prototype.test` would say; null when the
 * pattern cannot be read (one saved before patterns were checked this way), which checks nothing.
 */
export function matchesPattern(pattern: string, text: string): boolean | null {
  const program = compile(pattern);
  return program ? program.matcher(text).find() : null;
}
