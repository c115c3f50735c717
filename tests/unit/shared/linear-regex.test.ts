import { describe, expect, it } from 'vitest';
import { LinearPattern, PatternSyntaxError } from '#shared/linear-regex.ts';

/** A small seeded generator, so a failure names a pattern that fails again. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}

const ATOMS = [
  'a',
  'b',
  'c',
  '.',
  '\\d',
  '\\w',
  '\\s',
  '\\W',
  '[ab]',
  '[^a]',
  '[a-c1]',
  '[\\d_]',
  ' ',
  '\\.',
];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?'];

function pattern(rng: ReturnType<typeof random>, depth = 0): string {
  const parts: string[] = [];
  const length = 1 + rng.below(4);
  for (let i = 0; i < length; i += 1) {
    const roll = rng.below(10);
    let atom: string;
    if (roll < 2 && depth < 3) atom = `(${pattern(rng, depth + 1)})`;
    else if (roll < 3 && depth < 3)
      atom = `(?:${pattern(rng, depth + 1)}|${pattern(rng, depth + 1)})`;
    else if (roll < 4) atom = rng.pick(['^', '$', '\\b', '\\B']);
    else atom = rng.pick(ATOMS);
    const quantifiable = !['^', '$', '\\b', '\\B'].includes(atom);
    parts.push(atom + (quantifiable ? rng.pick(QUANTIFIERS) : ''));
  }
  return parts.join(rng.below(6) === 0 ? '|' : '');
}

function text(rng: ReturnType<typeof random>) {
  let out = '';
  const length = rng.below(9);
  for (let i = 0; i < length; i += 1)
    out += rng.pick(['a', 'b', 'c', '1', '_', ' ', '.', '\n', 'é']);
  return out;
}

describe('LinearPattern', () => {
  it('answers as the browser’s own RegExp does, for 3,000 generated patterns and texts', () => {
    const rng = random(20261125);
    const answers = { true: 0, false: 0 };
    for (let i = 0; i < 3000; i += 1) {
      const source = pattern(rng);
      const native = new RegExp(source);
      const linear = new LinearPattern(source);
      for (let j = 0; j < 5; j += 1) {
        const value = text(rng);
        expect(linear.test(value), `/${source}/ on ${JSON.stringify(value)}`).toBe(
          native.test(value),
        );
        answers[String(native.test(value)) as 'true' | 'false'] += 1;
      }
    }
    // Both answers are common, so neither half of the engine goes untried.
    expect(Math.min(answers.true, answers.false)).toBeGreaterThan(3000);
  });

  it.each([
    ['^[A-Z]{2}-\\d+$', 'AB-12', true],
    ['^[A-Z]{2}-\\d+$', 'ab-12', false],
    ['[0-9]{3}', 'Bin 123 left', true],
    ['^$', '', true],
    ['[]', 'a', false],
    ['[^]', '\n', true],
    ['a{', 'a{', true],
    ['x]}', 'x]}', true],
    ['\\x41\\u00e9', 'Aé', true],
    ['[\\D]', '5', false],
    ['[a\\S]', '#', true],
    ['(?<year>\\d{4})-\\d{2}', 'on 2026-11', true],
    ['\\bNV\\b', 'Champagne NV', true],
    ['\\bNV\\b', 'NVX', false],
    ['\\cJ', '\n', true],
  ])('/%s/ on %j answers %s', (source, value, expected) => {
    expect(new LinearPattern(source).test(value)).toBe(expected);
    expect(new RegExp(source).test(value)).toBe(expected);
  });

  it.each([
    ['a look-ahead', '(?=a)'],
    ['a negative look-behind', '(?<!a)b'],
    ['a back-reference', '(a)\\1'],
    ['a letter escape with no meaning', '\\q'],
    ['an unterminated group', '(ab'],
    ['an unmatched parenthesis', 'ab)'],
    ['an unterminated class', '[ab'],
    ['nothing to repeat', '*a'],
    ['a repeated quantifier', 'a**'],
    ['a repeated assertion', '^*'],
    ['counts out of order', 'a{3,2}'],
    ['a range out of order', '[z-a]'],
    ['a count above 1,000', 'a{1001}'],
    ['a program above 5,000 steps', '(a{100}){100}'],
    ['a trailing backslash', 'a\\'],
  ])('refuses %s', (_case, source) => {
    expect(() => new LinearPattern(source)).toThrow(PatternSyntaxError);
  });

  it('does work in proportion to the text: at most (length + 1) × program size steps', () => {
    const catastrophic = new LinearPattern('^(a+)+$');
    for (const length of [10, 100, 1000, 5000]) {
      const value = `${'a'.repeat(length)}!`;
      expect(catastrophic.test(value)).toBe(false);
      expect(catastrophic.steps).toBeLessThanOrEqual((value.length + 1) * catastrophic.size);
    }
    const nested = new LinearPattern('(x*)*y|(.*)*z$');
    const value = 'x'.repeat(5000);
    expect(nested.test(value)).toBe(false);
    expect(nested.steps).toBeLessThanOrEqual((value.length + 1) * nested.size);
  });
});
