import * as v from 'valibot';
import { int32, MAX_INT32, missingFieldMessage } from '#shared/validation.ts';
import {
  ALWAYS_VISIBLE_COLUMN,
  DEFAULT_COLUMN_ORDER,
  OFFERED_COLUMNS,
} from '../products/columns.ts';

/**
 * Column preferences (spec sections 3, 4, 5 and 7): what the server keeps per user and table,
 * the rules a save applies, and how the screen resolves visibility and order from them.
 */
export const PREFERENCE_TABLES = ['products'] as const;
export type PreferenceTable = (typeof PREFERENCE_TABLES)[number];
export const DEFAULT_TABLE: PreferenceTable = 'products';

/** One column of a table as the server keeps it, and answers it. */
export const ColumnPreferenceSchema = v.object({
  column_key: v.string(),
  is_visible: v.boolean(),
  display_order: v.number(),
});
export type ColumnPreference = v.InferOutput<typeof ColumnPreferenceSchema>;

export const ColumnPreferenceStatsSchema = v.object({
  total_columns: v.number(),
  visible_columns: v.number(),
  hidden_columns: v.number(),
  custom_columns: v.number(),
  has_saved_preferences: v.boolean(),
  updated_at: v.nullable(v.string()),
});

/** The answer of GET and PUT /preferences/columns/{table}. */
export const ColumnPreferencesAnswerSchema = v.object({
  preferences: v.array(ColumnPreferenceSchema),
  visible_columns: v.array(v.string()),
  defaults: v.array(ColumnPreferenceSchema),
  stats: ColumnPreferenceStatsSchema,
});
export type ColumnPreferencesAnswer = v.InferOutput<typeof ColumnPreferencesAnswerSchema>;

export const PREFERENCES_MESSAGES = {
  required: 'preferences must be a list of {column_key, is_visible, display_order}',
  columnKeyRequired: 'Every preference needs a column_key',
  columnKeyTooLong: 'A column_key is at most 64 characters',
  displayOrderInvalid: `display_order must be a whole number from ${-MAX_INT32} to ${MAX_INT32}`,
} as const;

export const ColumnPreferencesPutSchema = v.object(
  {
    preferences: v.array(
      v.object(
        {
          column_key: v.pipe(
            v.string(PREFERENCES_MESSAGES.columnKeyRequired),
            v.trim(),
            v.nonEmpty(PREFERENCES_MESSAGES.columnKeyRequired),
            v.maxLength(64, PREFERENCES_MESSAGES.columnKeyTooLong),
          ),
          // Anything but a boolean is an unknown visibility, saved as hidden.
          is_visible: v.optional(v.unknown()),
          display_order: v.optional(int32(PREFERENCES_MESSAGES.displayOrderInvalid, -MAX_INT32)),
        },
        missingFieldMessage(
          { column_key: PREFERENCES_MESSAGES.columnKeyRequired },
          PREFERENCES_MESSAGES.required,
        ),
      ),
      PREFERENCES_MESSAGES.required,
    ),
  },
  missingFieldMessage(
    { preferences: PREFERENCES_MESSAGES.required },
    PREFERENCES_MESSAGES.required,
  ),
);
export type ColumnPreferencesPut = v.InferOutput<typeof ColumnPreferencesPutSchema>;

/** 'name' is the server's word for the product column. */
const canonicalKey = (key: string) => (key === 'name' ? ALWAYS_VISIBLE_COLUMN : key);

/**
 * The rules of a save: the product column is always visible, an unknown visibility is saved as
 * hidden, and duplicate display_order values are renumbered sequentially (in their order, ties
 * by their place in the list). A key given twice keeps its last entry.
 */
export function normalizePreferences(
  input: ColumnPreferencesPut['preferences'],
): ColumnPreference[] {
  const byKey = new Map<
    string,
    { column_key: string; is_visible: boolean; display_order: number; index: number }
  >();
  input.forEach((entry, index) => {
    const key = canonicalKey(entry.column_key);
    byKey.set(key, {
      column_key: key,
      is_visible: key === ALWAYS_VISIBLE_COLUMN ? true : entry.is_visible === true,
      display_order: entry.display_order ?? Number.MAX_SAFE_INTEGER,
      index,
    });
  });
  const entries = [...byKey.values()].sort(
    (a, b) => a.display_order - b.display_order || a.index - b.index,
  );
  const orders = entries.map((entry) => entry.display_order);
  const clash = new Set(orders).size !== orders.length || orders.includes(Number.MAX_SAFE_INTEGER);
  return entries.map((entry, position) => ({
    column_key: entry.column_key,
    is_visible: entry.is_visible,
    display_order: clash ? position : entry.display_order,
  }));
}

/**
 * The defaults of a table: the 10 default columns visible in the default order, then every
 * other offered column hidden, then the business's custom fields hidden.
 */
export function defaultPreferences(customKeys: readonly string[]): ColumnPreference[] {
  const defaults = new Set<string>(DEFAULT_COLUMN_ORDER);
  const keys = [
    ...DEFAULT_COLUMN_ORDER,
    ...OFFERED_COLUMNS.map((column) => column.key).filter((key) => !defaults.has(key)),
    ...customKeys,
  ];
  return keys.map((column_key, display_order) => ({
    column_key,
    is_visible: defaults.has(column_key),
    display_order,
  }));
}

/**
 * The answer of GET and PUT for one user's table: their saved preferences (empty before their
 * first save), the columns visible by those or else by the defaults, the defaults, and counts.
 */
export function columnPreferencesAnswer(
  preferences: ColumnPreference[],
  customKeys: readonly string[],
  updatedAt: string | null = null,
): ColumnPreferencesAnswer {
  const defaults = defaultPreferences(customKeys);
  const effective = preferences.length > 0 ? preferences : defaults;
  const visible = effective.filter((preference) => preference.is_visible);
  const custom = new Set(customKeys);
  return {
    preferences,
    visible_columns: visible.map((preference) => preference.column_key),
    defaults,
    stats: {
      total_columns: effective.length,
      visible_columns: visible.length,
      hidden_columns: effective.length - visible.length,
      custom_columns: effective.filter((preference) => custom.has(preference.column_key)).length,
      has_saved_preferences: preferences.length > 0,
      updated_at: updatedAt,
    },
  };
}

/** The screen's form: a map of column key → visible, and the ordered column keys. */
export interface ColumnLayout {
  visibility: Record<string, boolean>;
  order: string[];
}

const byDisplayOrder = (a: ColumnPreference, b: ColumnPreference) =>
  a.display_order - b.display_order;

/**
 * Visibility (spec section 4): the saved preferences, else the server defaults, else the
 * built-in essential set all visible. Custom fields not in the preferences are hidden; the
 * product column is always visible.
 * Order: the preferences by display_order, else the product column and then the defaults by
 * display_order, else the built-in default order. Custom fields (and any other offered column)
 * not ordered yet are appended.
 */
export function resolveColumnLayout(
  saved: readonly ColumnPreference[],
  defaults: readonly ColumnPreference[],
  customKeys: readonly string[],
): ColumnLayout {
  const source = saved.length > 0 ? saved : defaults;
  const visibility: Record<string, boolean> = {};
  if (source.length > 0) {
    for (const preference of source) visibility[preference.column_key] = preference.is_visible;
  } else {
    for (const key of DEFAULT_COLUMN_ORDER) visibility[key] = true;
  }
  for (const key of customKeys) visibility[key] ??= false;
  visibility[ALWAYS_VISIBLE_COLUMN] = true;

  let order: string[];
  if (saved.length > 0) {
    order = [...saved].sort(byDisplayOrder).map((preference) => preference.column_key);
  } else if (defaults.length > 0) {
    order = [
      ALWAYS_VISIBLE_COLUMN,
      ...[...defaults]
        .sort(byDisplayOrder)
        .map((preference) => preference.column_key)
        .filter((key) => key !== ALWAYS_VISIBLE_COLUMN),
    ];
  } else {
    order = [...DEFAULT_COLUMN_ORDER];
  }
  const known = new Set(order);
  for (const key of [...OFFERED_COLUMNS.map((column) => column.key), ...customKeys]) {
    if (!known.has(key)) {
      order.push(key);
      known.add(key);
      visibility[key] ??= false;
    }
  }
  return { visibility, order };
}

/** The layout as preferences to save, every column with its place. */
export function layoutToPreferences(layout: ColumnLayout): ColumnPreference[] {
  return layout.order.map((column_key, display_order) => ({
    column_key,
    is_visible: layout.visibility[column_key] === true,
    display_order,
  }));
}

/** The default layout: the 10 default columns visible in the default order. */
export function defaultLayout(customKeys: readonly string[]): ColumnLayout {
  return resolveColumnLayout([], defaultPreferences(customKeys), customKeys);
}

/**
 * Saved preferences look corrupted when every one is visible, there are more than 10 of them,
 * and the server defaults hide some columns: a broken save turned everything on.
 */
export function preferencesLookCorrupted(
  saved: readonly ColumnPreference[],
  defaults: readonly ColumnPreference[],
): boolean {
  return (
    saved.length > 10 &&
    saved.every((preference) => preference.is_visible) &&
    defaults.some((preference) => !preference.is_visible)
  );
}

/** Corruption recovery: write the defaults back after 1 s, reload 0.5 s after that. */
export const CORRUPTION_WRITE_BACK_MS = 1000;
export const CORRUPTION_RELOAD_MS = 500;
