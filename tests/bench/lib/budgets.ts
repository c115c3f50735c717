/**
 * One row of the benchmark table: a figure, its budget, whether it holds, and where the budget
 * compares with a baseline measured in the same run, the ratio to it.
 */
export interface BudgetRow {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
  /** The baseline and the ratio, e.g. '2.1 s raw IndexedDB, 1.4×'; '—' when there is none. */
  baseline: string;
}

export function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

function pad(text: string, width: number) {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

export function printTable(rows: BudgetRow[]) {
  const header = ['Figure', 'Value', 'Budget', 'Baseline in the same run', 'Result'];
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.budget,
    row.baseline,
    row.pass ? 'pass' : 'OVER',
  ]);
  const widths = header.map((title, column) =>
    Math.max([...title].length, ...cells.map((cell) => [...(cell[column] ?? '')].length)),
  );
  const line = (cell: string[]) =>
    `| ${cell.map((text, column) => pad(text, widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cell of cells) console.log(line(cell));
}
