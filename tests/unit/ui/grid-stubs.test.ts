import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Carousel } from '#ui/grid-stubs/carousel.tsx';
import groupBy from '#ui/grid-stubs/lodash-group-by.ts';
import has from '#ui/grid-stubs/lodash-has.ts';
import { clamp, flatten, range, uniq } from '#ui/grid-stubs/lodash-small.ts';
import { marked } from '#ui/grid-stubs/marked.ts';

/** The stand-ins the build uses in place of the data grid's own imports (vite.config.ts). */
const require = createRequire(import.meta.url);
const lodashGroupBy = require('lodash/groupBy.js') as typeof groupBy;
const lodashHas = require('lodash/has.js') as typeof has;
const lodash = {
  clamp: require('lodash/clamp.js') as typeof clamp,
  range: require('lodash/range.js') as typeof range,
  uniq: require('lodash/uniq.js') as typeof uniq,
  flatten: require('lodash/flatten.js') as typeof flatten,
};

describe('the data grid’s stand-ins', () => {
  it('group as lodash groups, for the grid’s calls (an array and a function)', () => {
    const lines = [
      { color: '#e1e2e5', x: 1 },
      { color: '#000', x: 2 },
      { color: '#e1e2e5', x: 3 },
      { color: 'constructor', x: 4 },
    ];
    expect(groupBy(lines, (line) => line.color)).toEqual(
      lodashGroupBy(lines, (line) => line.color),
    );
    expect(groupBy([1.5, 2.5, 1.2], Math.floor)).toEqual(
      lodashGroupBy([1.5, 2.5, 1.2], Math.floor),
    );
    expect(groupBy(undefined, String)).toEqual(lodashGroupBy(undefined, String));
  });

  it('answer has as lodash does for one plain key', () => {
    const editorCell = { kind: 'custom', editor: () => null };
    for (const object of [
      editorCell,
      { kind: 'text' },
      Object.create({ editor: 1 }),
      null,
      undefined,
    ]) {
      expect(has(object, 'editor')).toBe(lodashHas(object, 'editor'));
    }
  });

  it('clamp, count, de-duplicate and flatten as lodash does, for numbers and arrays', () => {
    for (const [value, lower, upper] of [
      [5, 0, 10],
      [-3, 0, 10],
      [12.5, 0, 10],
      [0, 0, 0],
      [-0.5, -1, 1],
    ] as const) {
      expect(clamp(value, lower, upper)).toBe(lodash.clamp(value, lower, upper));
    }
    const ranges: [number, number?, number?][] = [
      [4],
      [0],
      [-3],
      [2, 7],
      [7, 2],
      [0, 10, 3],
      [10, 0, -4],
      [1, 4, 0],
      [0, 1, 0.25],
      [5, 5],
    ];
    for (const args of ranges) expect(range(...args)).toEqual(lodash.range(...args));
    const lists: unknown[][] = [
      [1, 2, 1, 3, 2],
      [],
      [Number.NaN, Number.NaN, 0, -0],
      ['a', 'b', 'a'],
    ];
    for (const list of lists) {
      expect(uniq(list)).toEqual(lodash.uniq(list));
    }
    expect(uniq(undefined)).toEqual(lodash.uniq(undefined));
    const nested = [1, [2, 3], [[4]], [], 5];
    expect(flatten<number | number[]>(nested)).toEqual(lodash.flatten<number | number[]>(nested));
    expect(flatten(undefined)).toEqual(lodash.flatten(undefined));
  });

  it('show markdown as escaped text, never as HTML', () => {
    expect(marked('<img src=x onerror=alert(1)>\n**bold** & "q"')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<br>**bold** &amp; &quot;q&quot;',
    );
  });

  it('show a carousel’s images one under another', () => {
    expect(Carousel({ children: 'image' })).toMatchObject({
      props: { className: 'grid-images', children: 'image' },
    });
  });
});
