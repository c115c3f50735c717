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
} from '#shared/preferences/column-preferences.ts';
import type { StoredCustomField } from '../db.ts';
import { columnPreferencesQuery, saveColumnLayout } from '../repositories/column-preferences.ts';
import { customFieldsQuery } from '../repositories/custom-fields.ts';
import { useStoredColumnPreferences, useStoredCustomFields } from './use-stored.ts';

/**
 * The columns of a table as the screens use them: visibility and order resolved by the spec's
 * rules from the saved preferences, the server defaults and the product custom fields, both
 * loaded in parallel. When the saved preferences look corrupted the defaults are used at once,
 * written back 1 s later, and the preferences reloaded 0.5 s after that.
 */
export interface ColumnLayoutState {
  layout: ColumnLayout;
  customFields: StoredCustomField[];
  /** Nothing stored yet and the first load still running. */
  loading: boolean;
  /** The load failed and there is nothing stored to show. */
  error: Error | null;
  retry: () => void;
  save: (
    layout: ColumnLayout,
    op: Parameters<typeof saveColumnLayout>[2],
  ) => ReturnType<typeof saveColumnLayout>;
}

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
  const fields = useStoredCustomFields('product');
  const customFields = useMemo(() => fields ?? [], [fields]);
  const customKeys = useMemo(() => customFields.map((field) => field.field_key), [customFields]);
  const corrupted = stored ? preferencesLookCorrupted(stored.saved, stored.defaults) : false;

  const resolved = useMemo(
    () =>
      corrupted
        ? defaultLayout(customKeys)
        : resolveColumnLayout(stored?.saved ?? [], stored?.defaults ?? [], customKeys),
    [corrupted, stored, customKeys],
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

  const save = useCallback(
    (next: ColumnLayout, op: Parameters<typeof saveColumnLayout>[2]) => {
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

  const waiting = stored === undefined || (stored === null && preferencesLoad.isPending && enabled);
  // Once a layout is on screen (the defaults, shown while the load waits to be enabled) it stays
  // while the load runs: the screen must not flash back to its loading state.
  const shown = useRef(false);
  if (!waiting) shown.current = true;

  return {
    layout,
    customFields,
    loading: waiting && !shown.current,
    error: stored === null && preferencesLoad.error ? preferencesLoad.error : null,
    retry,
    save,
  };
}
