import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { columnName, workbookBytes } from '#ui/xlsx-workbook.ts';

/** The workbook Export writes, read back as a spreadsheet program reads it. */
describe('workbookBytes', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('reads back as written: headings, text, numbers, true/false and empty cells', async () => {
    const rows = [
      ['Product name', 'List price', 'Stock', 'Organic', 'Note'],
      ['Rosé <Provence> & “friends”', 44.99, 12, true, null],
      ['  leading spaces', 0, -3, false, '=1+1'],
      ['Grüner\nVeltliner', 1234567.5, 0, null, 'tab\there'],
    ];
    const bytes = await workbookBytes(rows, 'Products');
    // Read untrimmed: the spaces a cell starts with are kept.
    const [sheet] = await readXlsxFile(Buffer.from(bytes), { trim: false });
    expect(sheet?.sheet).toBe('Products');
    expect(sheet?.data).toEqual([
      ['Product name', 'List price', 'Stock', 'Organic', 'Note'],
      ['Rosé <Provence> & “friends”', 44.99, 12, true, null],
      ['  leading spaces', 0, -3, false, '=1+1'],
      ['Grüner\nVeltliner', 1234567.5, 0, null, 'tab\there'],
    ]);
  });

  it('keeps the headings in bold and in view, and drops what XML cannot hold', async () => {
    const files = unzipSync(await workbookBytes([['Name'], ['bell\u0007 here']]));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr">');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">bell here</t>');
  });
});
