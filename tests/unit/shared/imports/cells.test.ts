import { describe, expect, it } from 'vitest';
import {
  numberFormatOf,
  plainNumber,
  readBottleSize,
  readCell,
  readMoney,
} from '#domains/imports/cells.ts';
import { productField } from '#domains/products/fields.ts';

describe('cells as shop spreadsheets write them', () => {
  it('reads money with a currency sign and thousands separators', () => {
    expect(readMoney('$9.50', 'decimal-point')).toBe('9.50');
    expect(readMoney('$1,299.00', 'decimal-point')).toBe('1299.00');
    expect(readMoney('A$ 24', 'decimal-point')).toBe('24');
    expect(readMoney('12.5 AUD', 'decimal-point')).toBe('12.5');
    expect(readMoney('-$5.00', 'decimal-point')).toBe('-$5.00');
    expect(readMoney('1,29', 'decimal-point')).toBe('1,29');
    expect(readMoney('abc', 'decimal-point')).toBe('abc');
  });

  it('reads a decimal comma in a file whose columns a semicolon separates', () => {
    expect(numberFormatOf(';')).toBe('decimal-comma');
    expect(numberFormatOf(',')).toBe('decimal-point');
    expect(numberFormatOf(undefined)).toBe('decimal-point');
    expect(readMoney('9,50', 'decimal-comma')).toBe('9.50');
    expect(readMoney('€ 1.299,95', 'decimal-comma')).toBe('1299.95');
    expect(readMoney('1.299', 'decimal-comma')).toBe('1299');
    // Written with a point all the same.
    expect(readMoney('$9.50', 'decimal-comma')).toBe('9.50');
    expect(plainNumber('1 299,5', 'decimal-comma')).toBe('1299.5');
    // Both marks: the last is the decimal one, whatever the separator.
    expect(readMoney('$1,049.00', 'decimal-comma')).toBe('1049.00');
    expect(readMoney('1.049,00', 'decimal-point')).toBe('1049.00');
  });

  it('reads bottle sizes with their unit, in ml', () => {
    expect(readBottleSize('750ml')).toBe('750');
    expect(readBottleSize('750 mL')).toBe('750');
    expect(readBottleSize('75cl')).toBe('750');
    expect(readBottleSize('1.5L')).toBe('1500');
    expect(readBottleSize('1,5 l')).toBe('1500');
    expect(readBottleSize('3 litres')).toBe('3000');
    expect(readBottleSize('700')).toBe('700');
    expect(readBottleSize('magnum')).toBe('magnum');
  });

  it('reads each field by its kind: money, size, a percentage', () => {
    const spec = (key: string) => {
      const found = productField(key);
      if (!found) throw new Error(key);
      return found;
    };
    expect(readCell(spec('list_price'), '$1,049.00', 'decimal-point')).toBe('1049.00');
    expect(readCell(spec('bottle_ml'), '375ml', 'decimal-point')).toBe('375');
    expect(readCell(spec('alcohol'), '14,5%', 'decimal-comma')).toBe('14.5');
    expect(readCell(spec('alcohol'), '13.5 %', 'decimal-point')).toBe('13.5');
    expect(readCell(spec('name'), '$ Shiraz', 'decimal-point')).toBe('$ Shiraz');
  });
});
