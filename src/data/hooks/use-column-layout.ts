import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CORRUPTION_RELOAD_MS,
  CORRUPTION_WRITE_BACK_MS,
  type ColumnLayout,
  DEFAULT_TABLE,
  defaultLayout,
  preferencesLookCorrupted,
  resolveColumnLayout,
} from '#domains/preferences/column-preferences.ts';
import type { StoredCustomField } from '../db.ts';
import { columnPreferencesQuery, saveColumnLayout } from '../repositories/column-preferences.ts';
import { customFieldsQuery } from '../repositories/custom-fields.ts';
import { useStoredColumnPreferences, useStoredCustomFields } from './use-stored.ts';

/**
 * The columns of a table as the screens use them: visibility and order resolved by the spec's
 * rules from the saved preferences, the server defaults and the product custom fields, both
 * loaded in parallel. When the saved preferences look corrupted the defaults are used at once,
 * written back 1 s later, and the preferences reloaded 0.5 s after that.
 *
 * A device that has stored the preferences shows them at once. One that has not (a new tablet,
 * a fresh browser) waits for the server, so the user's layout is the first one painted, never
 * the defaults and then theirs; if that first load fails, the built-in defaults are shown with
 * `error` set, and offline they are shown until the server can answer.
 */
export interface ColumnLayoutState {
  layout: ColumnLayout;
  customFields: StoredCustomField[];
  /** Nothing stored yet and the first loads (preferences and custom fields) not done. */
  loading: boolean;
  /** The first load failed, or waits for the connection, so the layout is the built-in one. */
  error: Error | null;
  retry: () => void;
  save: (
    layout: ColumnLayout,
    op: Parameters<typeof saveColumnLayout>[2],
  ) => ReturnType<typeof saveColumnLayout>;
  /**
   * The column a save last made visible, once: the table brings it into view when it next
   * draws, so a column shown in Settings is not left off-screen to the right.
   */
  takeJustShown: () => string | undefined;
}

/** Why a device that never stored the layout shows the built-in one while it is offline. */
const OFFLINE = new Error('The column layout needs the connection.');

/** Per table, the column a save last made visible and the table has not yet brought into view. */
const justShown = new Map<string, string>();

export function useColumnLayout(
  table: string = DEFAULT_TABLE,
  { enabled = true } = {},
): ColumnLayoutState {
  const queryClient = useQueryClient();
  const [preferencesLoad, fieldsLoad] = useQueries({
    queries: [
      { ...columnPreferencesQuery(table), enabled },
      { ...customFieldsQuery('product'), enabled },
    ],
  });
  const stored = useStoredColumnPreferences(table);
  // The load's answer stands in for the stored copy until Dexie reports it back.
  const saved = stored === null ? (preferencesLoad.data ?? null) : stored;
  const fields = useStoredCustomFields('product');
  const customFields = useMemo(() => fields ?? [], [fields]);
  const customKeys = useMemo(() => customFields.map((field) => field.field_key), [customFields]);
  const corrupted = saved ? preferencesLookCorrupted(saved.saved, saved.defaults) : false;

  const resolved = useMemo(
    () =>
      corrupted
        ? defaultLayout(customKeys)
        : resolveColumnLayout(saved?.saved ?? [], saved?.defaults ?? [], customKeys),
    [corrupted, saved, customKeys],
  );
  // A change shows at once, before Dexie reports it back. The stored copy takes over at its first
  // change after the write committed: an earlier change (a load answering, an older write landing)
  // predates this one and must not flash the old layout back.
  const [optimistic, setOptimistic] = useState<{ layout: ColumnLayout; committed: boolean } | null>(
    null,
  );
  useEffect(() => {
    if (stored !== undefined) setOptimistic((shown) => (shown?.committed ? null : shown));
  }, [stored]);
  const layout = optimistic?.layout ?? resolved;

  const retry = useCallback(() => {
    void preferencesLoad.refetch();
    void fieldsLoad.refetch();
  }, [preferencesLoad, fieldsLoad]);

  const keysRef = useRef(customKeys);
  keysRef.current = customKeys;
  // The reload outlives the corruption it follows (the write-back ends it), not the screen.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useEffect(() => {
    if (!corrupted) return;
    const writeBack = setTimeout(() => {
      void saveColumnLayout(table, defaultLayout(keysRef.current), 'columns.recovery');
      reloadTimer.current = setTimeout(
        () =>
          void queryClient.invalidateQueries({ queryKey: columnPreferencesQuery(table).queryKey }),
        CORRUPTION_RELOAD_MS,
      );
    }, CORRUPTION_WRITE_BACK_MS);
    return () => clearTimeout(writeBack);
  }, [corrupted, table, queryClient]);

  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const save = useCallback(
    (next: ColumnLayout, op: Parameters<typeof saveColumnLayout>[2]) => {
      const shown = Object.keys(next.visibility).find(
        (key) => next.visibility[key] && !layoutRef.current.visibility[key],
      );
      if (shown) justShown.set(table, shown);
      setOptimistic({ layout: next, committed: false });
      const written = saveColumnLayout(table, next, op);
      const settle = (keep: boolean) =>
        setOptimistic((shown) =>
          shown?.layout !== next ? shown : keep ? { layout: next, committed: true } : null,
        );
      written.then(
        () => settle(true),
        () => settle(false),
      );
      return written;
    },
    [table],
  );

  const takeJustShown = useCallback(() => {
    const key = justShown.get(table);
    justShown.delete(table);
    return key;
  }, [table]);

  // Disabled loads count as not done: the screen waits until it lets them run. A load paused
  // for the connection does not hold the screen: offline, a device that never stored the layout
  // shows the built-in one until the server answers.
  const waiting = (load: { isPending: boolean; fetchStatus: string }) =>
    load.isPending && load.fetchStatus !== 'paused';
  const loading =
    saved === undefined ||
    (saved === null && !preferencesLoad.isError && waiting(preferencesLoad)) ||
    (stored === null && waiting(fieldsLoad));

  return {
    layout,
    customFields,
    loading,
    error:
      saved !== null
        ? null
        : (preferencesLoad.error ?? (preferencesLoad.fetchStatus === 'paused' ? OFFLINE : null)),
    retry,
    save,
    takeJustShown,
  };
}
