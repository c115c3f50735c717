import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from '#data/imports/csv.ts';
import { csvCell } from '#domains/products/export.ts';

describe('detectDelimiter', () => {
  it.each([
    [',', 'Name,Price,Stock\nShiraz,44.99,12\nMerlot,19.99,3\n'],
    [';', 'Name;Price;Stock\nShiraz;44,99;12\nMerlot;19,99;3\n'],
    ['\t', 'Name\tPrice\tStock\nShiraz\t44.99\t12\nMerlot\t19.99\t3\n'],
  ])('finds %j', (delimiter, text) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('is not misled by delimiters inside quoted fields', () => {
    const text =
      'Name;Notes\n"Shiraz, Barossa";"Dark, ripe; long"\n"Merlot, Yarra";"Soft, round"\n';
    expect(detectDelimiter(text)).toBe(';');
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with newlines and doubled quotes, and leaves out empty rows, numbering rows as a spreadsheet does', () => {
    const text =
      'Name;Description;Price\r\n"Shiraz";"Dark fruit\r\nlong ""finish""";44,99\r\n\r\n;;\r\nMerlot;Soft;19,99\r\n';
    expect(parseCsv(text)).toMatchObject({
      headingRow: 1,
      headings: ['Name', 'Description', 'Price'],
      rows: [
        ['Shiraz', 'Dark fruit\r\nlong "finish"', '44,99'],
        ['Merlot', 'Soft', '19,99'],
      ],
      // The quoted newline stays in row 2; the empty rows 3 and 4 count, as a spreadsheet shows.
      numbers: [2, 5],
    });
  });

  it('gives every row a cell for each heading', () => {
    expect(parseCsv('A,B,C\n1\n1,2,3,4\n').rows).toEqual([
      ['1', '', ''],
      ['1', '2', '3'],
    ]);
  });

  it('reads back a cell an export made formula-safe as it was', () => {
    const exported = ['Name,Stock', `${csvCell('=Shiraz')},${csvCell(-3)}`].join('\n');
    expect(parseCsv(exported).rows).toEqual([['=Shiraz', '-3']]);
    // An apostrophe before anything else is the cell's own.
    expect(parseCsv("Name\n'Tis the season\n").rows).toEqual([["'Tis the season"]]);
  });

  it('reports its progress up to the whole text', () => {
    const text = `Name,Price\n${'Shiraz,44.99\n'.repeat(100_000)}`;
    const shares: number[] = [];
    const table = parseCsv(text, (share) => shares.push(share));
    expect(table.rows).toHaveLength(100_000);
    expect(shares.length).toBeGreaterThan(1);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBe(1);
  });
});
