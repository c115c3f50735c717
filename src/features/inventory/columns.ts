import {
  clampColumnWidth,
  columnLabel,
  DEFAULT_COLUMN_ORDER,
  defaultColumnWidth,
} from '#domains/products/columns.ts';

/** A column as the grid shows it. */
export interface ColumnDef {
  key: string;
  label: string;
  isCustom: boolean;
}

export function columnDef(key: string, customFieldNames: ReadonlyMap<string, string>): ColumnDef {
  return {
    key,
    label: columnLabel(key, customFieldNames) ?? key,
    isCustom: customFieldNames.has(key),
  };
}

/** The built-in essential set, in the default order, used until column preferences load. */
export const ESSENTIAL_COLUMNS: ColumnDef[] = DEFAULT_COLUMN_ORDER.map((key) =>
  columnDef(key, new Map()),
);

export function widthOf(column: ColumnDef, widths: Readonly<Record<string, number>>): number {
  return clampColumnWidth(widths[column.key] ?? defaultColumnWidth(column.key, column.isCustom));
}
