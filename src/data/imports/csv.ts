import Papa from 'papaparse';
import { type FileTable, tableOf } from '#domains/imports/table.ts';

/**
 * CSV as a table, through papaparse (quoted fields, newlines inside quotes, doubled quotes), its
 * delimiter found among the three spreadsheets write: comma, semicolon (where the comma is the
 * decimal mark) and tab.
 */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter of a CSV text, judged by its first lines read with each one (quotes and all):
 * the one that splits the headings into the most columns that the rows after them keep.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, {
      delimiter,
      preview: 20,
    }).data;
    const columns = rows[0]?.length ?? 0;
    if (columns < 2) continue;
    const kept = rows.slice(1).filter((row) => row.length === columns).length;
    // Rows that keep the headings' columns count most; more columns break a tie.
    const score = (kept + 1) * 1000 + columns;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * A CSV text as a table. `onProgress` hears the share of the text read (0 to 1) as it goes, so
 * a large file shows its progress.
 */
export function parseCsv(
  text: string,
  onProgress?: (share: number) => void,
  delimiter: Delimiter = detectDelimiter(text),
  headingRow?: number,
): FileTable {
  const cells: string[][] = [];
  const step = Math.max(1, Math.floor(text.length / 50));
  let told = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    step: (result) => {
      cells.push(result.data);
      if (onProgress && result.meta.cursor - told >= step) {
        told = result.meta.cursor;
        onProgress(told / text.length);
      }
    },
  });
  onProgress?.(1);
  return tableOf(cells, headingRow);
}
