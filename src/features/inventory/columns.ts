import {
  clampColumnWidth,
  customColumnLabel,
  DEFAULT_COLUMN_ORDER,
  defaultColumnWidth,
  OFFERED_COLUMNS,
} from '#shared/inventory/columns.ts';

/** A column as the grid shows it. */
export interface ColumnDef {
  key: string;
  label: string;
  isCustom: boolean;
}

const LABELS = new Map<string, string>(OFFERED_COLUMNS.map((column) => [column.key, column.label]));

export function columnDef(key: string, customFieldNames: ReadonlyMap<string, string>): ColumnDef {
  const customName = customFieldNames.get(key);
  if (customName !== undefined)
    return { key, label: customColumnLabel(customName), isCustom: true };
  return { key, label: LABELS.get(key) ?? key, isCustom: false };
}

/** The built-in essential set, in the default order, used until column preferences load. */
export const ESSENTIAL_COLUMNS: ColumnDef[] = DEFAULT_COLUMN_ORDER.map((key) =>
  columnDef(key, new Map()),
);

export function widthOf(column: ColumnDef, widths: Readonly<Record<string, number>>): number {
  return clampColumnWidth(widths[column.key] ?? defaultColumnWidth(column.key, column.isCustom));
}
