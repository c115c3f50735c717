import { describe, expect, it } from 'vitest';
import {
  type AccountEntry,
  availableOnAccount,
  balanceOf,
  depositsOf,
  entryText,
  paymentEntryOf,
  statementCsv,
  statementOf,
} from '#domains/customers/account.ts';

const entry = (
  id: string,
  kind: AccountEntry['kind'],
  amount_cents: number,
  made_at: string,
  extra: Partial<AccountEntry> = {},
): AccountEntry => ({
  id,
  customer_id: 'c1',
  kind,
  amount_cents,
  made_at,
  receipt: null,
  customer_order_id: null,
  tender: null,
  ...extra,
});

/** A trade customer's November and early December, as the shop's clock in Sydney counts it. */
const entries: AccountEntry[] = [
  entry('a', 'sale', 12_345, '2026-10-30T02:00:00Z', { receipt: 'T1-000010' }),
  entry('b', 'payment', -10_000, '2026-11-02T23:00:00Z', { tender: 'Card' }),
  entry('c', 'sale', 8_990, '2026-11-15T04:30:00Z', { receipt: 'T1-000020' }),
  entry('d', 'refund', -1_999, '2026-11-20T01:00:00Z', { receipt: 'T1-000025' }),
  // 30 November 13:30 UTC is 1 December 00:30 in Sydney: December's, not November's.
  entry('e', 'sale', 5_000, '2026-11-30T13:30:00Z', { receipt: 'T1-000030' }),
];

describe('a customer account', () => {
  it('owes the sum of its entries, to the cent, whatever their order', () => {
    expect(balanceOf(entries)).toBe(12_345 - 10_000 + 8_990 - 1_999 + 5_000);
    expect(balanceOf([...entries].reverse())).toBe(balanceOf(entries));
    expect(balanceOf([])).toBe(0);
  });

  it('has its limit less the balance available, never below nothing', () => {
    expect(availableOnAccount(50_000, 14_336)).toBe(35_664);
    expect(availableOnAccount(10_000, 14_336)).toBe(0);
    // No account: only a credit the shop owes the customer can be spent.
    expect(availableOnAccount(null, -2_000)).toBe(2_000);
    expect(availableOnAccount(null, 0)).toBe(0);
  });

  it('takes a payment from the balance, a deposit for its order', () => {
    const payment = {
      id: 'p',
      cents: 2_500,
      tender: { kind: 'cash' as const },
      made_at: '2026-11-29T00:00:00Z',
    };
    expect(paymentEntryOf('c1', payment)).toMatchObject({
      kind: 'payment',
      amount_cents: -2_500,
      tender: 'Cash',
    });
    const deposit = paymentEntryOf('c1', { ...payment, id: 'q', customer_order_id: 'o1' });
    expect(deposit).toMatchObject({
      kind: 'deposit',
      amount_cents: -2_500,
      customer_order_id: 'o1',
    });
    // Only that order's deposits count for it.
    expect(depositsOf([deposit, paymentEntryOf('c1', payment)], 'o1')).toBe(2_500);
    expect(depositsOf([deposit], 'o2')).toBe(0);
  });

  it('states a period: the balance brought forward, each entry with the balance after, the close', () => {
    const november = statementOf(entries, '2026-11-01', '2026-11-30', 'Australia/Sydney');
    expect(november.openingCents).toBe(12_345);
    expect(november.lines.map((line) => [line.entry.id, line.balanceCents])).toEqual([
      ['b', 2_345],
      ['c', 11_335],
      ['d', 9_336],
    ]);
    expect(november.chargedCents).toBe(8_990);
    expect(november.paidCents).toBe(11_999);
    // Opening + charged − paid is the closing balance, and the sum of the entries up to then.
    expect(november.closingCents).toBe(november.openingCents + 8_990 - 11_999);
    expect(november.closingCents).toBe(balanceOf(entries.slice(0, 4)));
    const december = statementOf(entries, '2026-12-01', '2026-12-31', 'Australia/Sydney');
    expect(december.openingCents).toBe(november.closingCents);
    expect(december.lines.map((line) => line.entry.id)).toEqual(['e']);
  });

  it('saves a statement as CSV: plain positive figures, a credit marked CR', () => {
    const credit = [
      ...entries,
      entry('f', 'payment', -20_000, '2026-11-25T00:00:00Z', { tender: 'Cash' }),
    ];
    const statement = statementOf(credit, '2026-11-01', '2026-11-30', 'Australia/Sydney');
    const csv = statementCsv(statement, 'Larder Bistro', new Map(), (at) => at.slice(0, 10));
    expect(csv.split('\r\n')).toEqual([
      'Statement,Larder Bistro,2026-11-01,2026-11-30',
      'Date,Entry,Charged,Paid,Balance',
      '2026-11-01,Balance brought forward,,,123.45',
      '2026-11-02,Payment (Card),,100.00,23.45',
      '2026-11-15,Sale on account T1-000020,89.90,,113.35',
      '2026-11-20,Refund to account T1-000025,,19.99,93.36',
      '2026-11-25,Payment (Cash),,200.00,106.64 CR',
      '2026-11-30,Closing balance,,,106.64 CR',
      '',
    ]);
  });

  it('names a deposit, and the collection that spent it, by the order they are for', () => {
    const deposit = entry('g', 'deposit', -3_000, '2026-11-25T00:00:00Z', {
      customer_order_id: 'o1',
      tender: 'Card',
    });
    expect(entryText(deposit, 'ORD-1042')).toBe('Deposit for ORD-1042 (Card)');
    expect(entryText(deposit)).toBe('Deposit (Card)');
    const collected = entry('h', 'sale', 3_000, '2026-11-28T00:00:00Z', {
      customer_order_id: 'o1',
      receipt: 'T1-000130',
    });
    expect(entryText(collected, 'ORD-1042')).toBe('Sale on account T1-000130 for ORD-1042');
  });
});
