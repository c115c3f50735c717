/**
 * Field-level merge of a record several devices edit (suppliers, customers): a record keeps its
 * version and, for each field, the version at which it last changed. An edit names the version it
 * was based on; it is refused only for a field that another edit changed since to a different
 * value, and merged otherwise, so two tablets changing different fields of one record both stand.
 */
export interface FieldVersioned {
  version: number;
  field_versions: Readonly<Record<string, number>>;
}

/** The same value: arrays (a customer's tags) by their items in order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return a === b;
}

/**
 * The fields of an edit based on `baseVersion` that another edit changed since to a different
 * value: the edit is refused for them (a conflict the person settles), merged otherwise.
 */
export function conflictingFields(
  current: FieldVersioned & Readonly<Record<string, unknown>>,
  baseVersion: number,
  changes: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(changes).filter(
    (field) =>
      (current.field_versions[field] ?? 0) > baseVersion &&
      !sameValue(current[field], changes[field]),
  );
}

export type FieldMerge<TChanges> =
  | { status: 'conflict'; conflicts: string[] }
  | { status: 'unchanged' }
  | {
      status: 'merged';
      /** Only the fields whose value differs from the record's. */
      changed: Partial<TChanges>;
      version: number;
      fieldVersions: Record<string, number>;
    };

/** An edit merged into the record as it is now: what to store, or why not. */
export function mergeFields<TChanges extends Record<string, unknown>>(
  current: FieldVersioned & Readonly<Record<string, unknown>>,
  baseVersion: number,
  changes: TChanges,
): FieldMerge<TChanges> {
  const conflicts = conflictingFields(current, baseVersion, changes);
  if (conflicts.length > 0) return { status: 'conflict', conflicts };
  const changed = Object.entries(changes).filter(
    ([field, value]) => !sameValue(current[field], value),
  );
  if (changed.length === 0) return { status: 'unchanged' };
  const version = current.version + 1;
  return {
    status: 'merged',
    changed: Object.fromEntries(changed) as Partial<TChanges>,
    version,
    fieldVersions: {
      ...current.field_versions,
      ...Object.fromEntries(changed.map(([field]) => [field, version])),
    },
  };
}
