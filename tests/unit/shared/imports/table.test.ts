import { describe, expect, it } from 'vitest';
import { decodeText } from '#domains/imports/decode.ts';
import { cellText, distinctHeadings, errorRowsCsv, tableOf } from '#domains/imports/table.ts';

/** Windows-1252 bytes of a text whose letters are all in that code page. */
const windows1252 = (text: string) =>
  Uint8Array.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in Latin-1: ${char}`);
      return code;
    }),
  );

describe('decodeText', () => {
  const accents = 'Rosé;Grüner Veltliner;Château Lafite;Señorío';

  it('reads UTF-8 with and without its byte order mark', () => {
    const utf8 = new TextEncoder().encode(accents);
    expect(decodeText(utf8)).toEqual({ text: accents, encoding: 'utf-8' });
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeText(withBom)).toEqual({ text: accents, encoding: 'utf-8 with BOM' });
  });

  it('reads Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(windows1252(accents))).toEqual({ text: accents, encoding: 'windows-1252' });
    // Bytes 0x80–0x9F are letters in Windows-1252, not Latin-1: € and the curly quotes.
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x41, 0x94])).text).toBe('€ “A”');
  });

  it("reads UTF-16 with its mark (Excel's Unicode text)", () => {
    const le = [0xff, 0xfe, ...[...'Rosé'].flatMap((char) => [char.charCodeAt(0), 0])];
    expect(decodeText(Uint8Array.from(le))).toEqual({ text: 'Rosé', encoding: 'utf-16le' });
    const be = [0xfe, 0xff, ...[...'Rosé'].flatMap((char) => [0, char.charCodeAt(0)])];
    expect(decodeText(Uint8Array.from(be))).toEqual({ text: 'Rosé', encoding: 'utf-16be' });
  });

  it('reads an empty file as no text', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('headings and cells', () => {
  it('names empty headings by their place and numbers repeated ones', () => {
    expect(distinctHeadings(['Price', ' ', 'Price', 'Name', 'Price'])).toEqual([
      'Price',
      'Column 2',
      'Price (2)',
      'Name',
      'Price (3)',
    ]);
  });

  it('writes spreadsheet values as text', () => {
    expect(cellText(9_300_000_000_017)).toBe('9300000000017');
    expect(cellText(44.99)).toBe('44.99');
    expect(cellText(new Date(Date.UTC(2026, 10, 27)))).toBe('2026-11-27');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null)).toBe('');
  });
});

describe('the headings row', () => {
  const titled = [
    ['Harbour Wines — price list, November', '', '', ''],
    ['', '', '', ''],
    ['Item', 'Vintage', 'RRP', 'Qty'],
    ['Hill Shiraz', '2019', '$24.00', '6'],
    ['Tawny Port', 'NV', '$31.50', '2'],
  ];

  it('finds the headings below a title, and numbers the rows as the spreadsheet does', () => {
    const table = tableOf(titled);
    expect(table.headingRow).toBe(3);
    expect(table.headings).toEqual(['Item', 'Vintage', 'RRP', 'Qty']);
    expect(table.numbers).toEqual([4, 5]);
    expect(table.rows[0]).toEqual(['Hill Shiraz', '2019', '$24.00', '6']);
    expect(table.headingChoices.map((choice) => choice.row)).toEqual([1, 3, 4, 5]);
    expect(table.headingChoices[0]?.cells).toEqual(['Harbour Wines — price list, November']);
  });

  it('takes the first row when it is the headings, and the row a person chooses', () => {
    expect(tableOf(titled.slice(2)).headingRow).toBe(1);
    const chosen = tableOf(titled, 4);
    expect(chosen.headings).toEqual(['Hill Shiraz', '2019', '$24.00', '6']);
    expect(chosen.numbers).toEqual([5]);
  });

  it('does not take a row of figures for the headings', () => {
    const table = tableOf([
      ['Stock at 30 June', '', ''],
      ['Name', 'Price', 'Stock'],
      ['Merlot', '19.99', '4'],
    ]);
    expect(table.headings).toEqual(['Name', 'Price', 'Stock']);
    expect(tableOf([['12', '19.99', '4']]).headingRow).toBe(1);
  });
});

describe('errorRowsCsv', () => {
  it("gives the refused rows with their own cells and an 'errors' column", () => {
    const table = {
      headings: ['Name', 'Price'],
      rows: [
        ['Merlot', '19.99'],
        ['Shiraz', 'abc'],
      ],
      // An empty row 3 was left out: Shiraz is row 4.
      numbers: [2, 4],
    };
    const csv = errorRowsCsv(table, [
      { row: 4, errors: [{ column: 'Price', message: 'List price must be a number' }] },
    ]);
    expect(csv).toBe('Name,Price,errors\r\nShiraz,abc,Price: List price must be a number\r\n');
  });
});
