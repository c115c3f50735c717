import { LinearPattern, PatternSyntaxError } from '#shared/linear-regex.ts';

/**
 * A custom field's pattern (spec section 3), run in time linear in the value's length
 * (#shared/linear-regex.ts, the same on the device and the server) rather than by the
 * browser's or Node's own backtracking engine: `^(a+)+$` against 'aaa…a!' answers at once
 * instead of freezing the server for every business. The price: no look-arounds and no
 * back-references; a pattern using them is refused as 'Invalid regex pattern' when it is saved.
 */
export const MAX_PATTERN_LENGTH = 200;

/** Compiled patterns, by their text: a catalogue of 50,000 products has a handful of them. */
const compiled = new Map<string, LinearPattern | null>();
const KEPT = 200;

function compile(pattern: string): LinearPattern | null {
  if (compiled.has(pattern)) return compiled.get(pattern) ?? null;
  let program: LinearPattern | null = null;
  if (pattern.length <= MAX_PATTERN_LENGTH) {
    try {
      program = new LinearPattern(pattern);
    } catch (error) {
      if (!(error instanceof PatternSyntaxError)) throw error;
    }
  }
  if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, program);
  return program;
}

/** Whether a pattern may be saved: short enough, and readable in linear time. */
export function isValidPattern(pattern: string): boolean {
  return compile(pattern) !== null;
}

/**
 * Whether the text holds a match anywhere, as `RegExp.prototype.test` would say; null when the
 * pattern cannot be read (one saved before patterns were checked this way), which checks nothing.
 */
export function matchesPattern(pattern: string, text: string): boolean | null {
  const program = compile(pattern);
  return program ? program.test(text) : null;
}
