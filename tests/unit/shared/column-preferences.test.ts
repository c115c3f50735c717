import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  defaultPreferences,
  layoutToPreferences,
  normalizePreferences,
  preferencesLookCorrupted,
  resolveColumnLayout,
} from '#domains/preferences/column-preferences.ts';
import { columnOrderFailureMessage, httpErrorMessage } from '#domains/preferences/messages.ts';
import { DEFAULT_COLUMN_ORDER, OFFERED_COLUMNS } from '#domains/products/columns.ts';

const pref = (column_key: string, is_visible: boolean, display_order: number) => ({
  column_key,
  is_visible,
  display_order,
});

describe('saving rules', () => {
  it('forces the product column visible and saves unknown visibility as hidden', () => {
    expect(
      normalizePreferences([
        { column_key: 'product', is_visible: false, display_order: 0 },
        { column_key: 'sku', is_visible: 'true', display_order: 1 },
        { column_key: 'luc', display_order: 2 },
      ]),
    ).toEqual([pref('product', true, 0), pref('sku', false, 1), pref('luc', false, 2)]);
  });

  it('renumbers duplicate display orders sequentially', () => {
    expect(
      normalizePreferences([
        { column_key: 'sku', is_visible: true, display_order: 3 },
        { column_key: 'gst', is_visible: true, display_order: 1 },
        { column_key: 'luc', is_visible: true, display_order: 1 },
      ]),
    ).toEqual([pref('gst', true, 0), pref('luc', true, 1), pref('sku', true, 2)]);
  });

  it("treats 'name' as the product column", () => {
    expect(
      normalizePreferences([{ column_key: 'name', is_visible: false, display_order: 4 }]),
    ).toEqual([pref('product', true, 4)]);
  });
});

describe('resolving visibility and order (spec section 4)', () => {
  const defaults = defaultPreferences(['wine_type']);

  it('has the 10 default columns visible in order, then the rest hidden', () => {
    expect(defaults.slice(0, 10)).toEqual(DEFAULT_COLUMN_ORDER.map((key, i) => pref(key, true, i)));
    expect(defaults).toHaveLength(OFFERED_COLUMNS.length + 1);
    expect(defaults.at(-1)).toEqual(pref('wine_type', false, OFFERED_COLUMNS.length));
  });

  it('uses the saved preferences first', () => {
    const layout = resolveColumnLayout(
      [pref('sku', true, 0), pref('product', false, 1)],
      defaults,
      ['wine_type'],
    );
    expect(layout.order.slice(0, 2)).toEqual(['sku', 'product']);
    expect(layout.visibility).toMatchObject({
      sku: true,
      product: true,
      producer: false,
      wine_type: false,
    });
  });

  it('uses the server defaults when nothing is saved: product first, then the defaults in order', () => {
    const shuffled = [
      pref('country', true, 0),
      pref('product', true, 5),
      pref('producer', true, 1),
    ];
    const layout = resolveColumnLayout([], shuffled, []);
    expect(layout.order.slice(0, 3)).toEqual(['product', 'country', 'producer']);
    expect(layout.visibility.country).toBe(true);
  });

  it('uses the built-in essential set, all visible, without defaults', () => {
    const layout = resolveColumnLayout([], [], []);
    expect(layout.order.slice(0, 10)).toEqual([...DEFAULT_COLUMN_ORDER]);
    expect(DEFAULT_COLUMN_ORDER.every((key) => layout.visibility[key])).toBe(true);
    expect(layout.visibility.sku).toBe(false);
  });

  it('hides custom fields not yet in the preferences and appends them to the order', () => {
    const layout = resolveColumnLayout([pref('product', true, 0)], defaults, [
      'wine_type',
      'vintage_year',
    ]);
    expect(layout.visibility.vintage_year).toBe(false);
    expect(layout.order.slice(-2)).toEqual(['wine_type', 'vintage_year']);
  });

  it('turns a layout back into preferences with every column placed', () => {
    const layout = defaultLayout([]);
    const preferences = layoutToPreferences(layout);
    expect(preferences.slice(0, 10)).toEqual(
      DEFAULT_COLUMN_ORDER.map((key, i) => pref(key, true, i)),
    );
    expect(preferences).toHaveLength(OFFERED_COLUMNS.length);
  });
});

describe('corruption check', () => {
  const allVisible = OFFERED_COLUMNS.map((column, i) => pref(column.key, true, i));
  const defaults = defaultPreferences([]);

  it('holds when every saved preference is visible, there are more than 10, and defaults hide some', () => {
    expect(preferencesLookCorrupted(allVisible, defaults)).toBe(true);
  });

  it.each([
    ['one hidden', allVisible.map((p, i) => (i === 3 ? { ...p, is_visible: false } : p)), defaults],
    ['10 or fewer', allVisible.slice(0, 10), defaults],
    ['defaults all visible', allVisible, defaults.map((p) => ({ ...p, is_visible: true }))],
  ])('does not hold with %s', (_label, saved, serverDefaults) => {
    expect(preferencesLookCorrupted(saved, serverDefaults)).toBe(false);
  });
});

describe('column order failure messages (spec section 8)', () => {
  it.each([
    [
      'drag',
      404,
      'Column preferences endpoint not found. Please check if the backend API is running correctly.',
    ],
    [
      'reset',
      404,
      'Column preferences endpoint not found. Please check if the backend API is running correctly.',
    ],
    ['drag', 400, 'Invalid request format. The column order could not be saved.'],
    ['reset', 400, 'Invalid request format. The default column order could not be saved.'],
    ['drag', 401, 'Authentication failed. Please log in again.'],
    ['drag', 409, 'Error saving column order. Please try again. Details: HTTP 409: conflict'],
    [
      'reset',
      422,
      'Error saving default column order. Please try again. Details: HTTP 422: conflict',
    ],
  ] as const)('%s %i', (variant, status, message) => {
    const details = status >= 409 ? httpErrorMessage(status, 'conflict') : undefined;
    expect(columnOrderFailureMessage(variant, status, details)).toBe(message);
  });

  it('says Unknown error without details', () => {
    expect(columnOrderFailureMessage('drag', 418, undefined)).toBe(
      'Error saving column order. Please try again. Details: Unknown error',
    );
  });
});
