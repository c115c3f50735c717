import { describe, expect, it } from 'vitest';
import { pageInfo, showingText } from '#domains/products/table.ts';
import { countText, plural } from '#shared/words.ts';

describe('counts as people read them', () => {
  it('separates thousands', () => {
    expect(countText(1500)).toBe('1,500');
    expect(countText(50_000)).toBe('50,000');
    expect(countText(999)).toBe('999');
  });

  it('lets the noun agree with the count', () => {
    expect(plural(1, 'unsynced change')).toBe('1 unsynced change');
    expect(plural(0, 'unsynced change')).toBe('0 unsynced changes');
    expect(plural(1200, 'person', 'people')).toBe('1,200 people');
  });

  it("keeps the spec's results line, with separators in its numbers", () => {
    expect(showingText(pageInfo(1500, 150, 10))).toBe('Showing 1,491 to 1,500 of 1,500 results');
  });
});
