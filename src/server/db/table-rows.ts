import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Rows a raw statement answered with a table's columns (`returning t.*`), as Drizzle's own select
 * gives them: keyed by the schema's names, each value mapped from the driver's the way its column
 * maps it. Columns the rows do not hold come out null; other columns of the rows are left out.
 */
export function tableRows<TTable extends Table>(
  table: TTable,
  rows: readonly Record<string, unknown>[],
): TTable['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value == null ? null : column.mapFromDriverValue(value);
    }
    return row as TTable['$inferSelect'];
  });
}

/** The rows of a raw statement: both drivers (node-postgres and PGlite) answer `{rows}`. */
export const resultRows = <TRow>(result: unknown): TRow[] => (result as { rows: TRow[] }).rows;
