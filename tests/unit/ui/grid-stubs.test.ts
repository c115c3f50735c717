import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Carousel } from '#ui/grid-stubs/carousel.tsx';
import groupBy from '#ui/grid-stubs/lodash-group-by.ts';
import has from '#ui/grid-stubs/lodash-has.ts';
import { marked } from '#ui/grid-stubs/marked.ts';

/** The stand-ins the build uses in place of the data grid's own imports (vite.config.ts). */
const require = createRequire(import.meta.url);
const lodashGroupBy = require('lodash/groupBy.js') as typeof groupBy;
const lodashHas = require('lodash/has.js') as typeof has;

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
