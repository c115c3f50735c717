import { describe, expect, it } from 'vitest';
import { formatAbn, receiptMoment, receiptTitle } from '#domains/sales/tax-invoice.ts';

describe('a receipt as a tax invoice', () => {
  it('prints the ABN in its groups, and any other number as written', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('51 824 753 556')).toBe('51 824 753 556');
    expect(formatAbn(' GB123 ')).toBe('GB123');
  });

  it('is a tax invoice only with the shop’s ABN', () => {
    expect(receiptTitle({ tax_number: '51824753556' })).toBe('Tax invoice');
    expect(receiptTitle({ tax_number: '  ' })).toBe('Receipt');
    expect(receiptTitle(undefined)).toBe('Receipt');
  });

  it('dates a sale in the shop’s zone', () => {
    // 23:30 UTC on 27 November is 10:30 am on the 28th in Sydney (UTC+11).
    expect(receiptMoment('2026-11-27T23:30:00.000Z', 'Australia/Sydney')).toBe(
      '28 Nov 2026, 10:30 am',
    );
    expect(receiptMoment('2026-11-27T23:30:00.000Z', 'UTC')).toBe('27 Nov 2026, 11:30 pm');
  });
});
