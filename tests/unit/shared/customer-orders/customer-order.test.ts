import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { daysOf, ordersByDay, stepped } from '#domains/customer-orders/calendar.ts';
import {
  CUSTOMER_ORDER_MESSAGES,
  type CustomerOrder,
  CustomerOrderCreateSchema,
  mergeLineChanges,
  reservedUnits,
  withLineChanges,
} from '#domains/customer-orders/customer-order.ts';
import { ordersInView, startText, windowText } from '#domains/customer-orders/order-list.ts';
import { pickingList } from '#domains/customer-orders/picking-list.ts';
import { addDays } from '#shared/moments.ts';

const order = (fields: Partial<CustomerOrder>): CustomerOrder => ({
  id: crypto.randomUUID(),
  number: 'ORD-1001',
  customer_id: crypto.randomUUID(),
  customer: 'Margaret Chen',
  kind: 'pickup',
  due_on: '2026-11-30',
  window_from: null,
  window_to: null,
  address: null,
  notes: null,
  status: 'open',
  lines: [],
  total_cents: 0,
  version: 1,
  field_versions: {},
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:00:00.000Z',
  ...fields,
});

describe('a customer order’s lines', () => {
  const lines = [
    { product_id: 1, quantity: 6 },
    { product_id: 2, quantity: 1 },
  ];

  it('sets a quantity, adds a product at the end and takes one off at 0', () => {
    expect(
      withLineChanges(
        lines,
        [
          { product_id: 2, quantity: 0 },
          { product_id: 3, quantity: 2 },
          { product_id: 1, quantity: 12 },
        ],
        (change) => change,
      ),
    ).toEqual([
      { product_id: 1, quantity: 12 },
      { product_id: 3, quantity: 2 },
    ]);
    expect(withLineChanges(lines, [{ product_id: 9, quantity: 0 }], (change) => change)).toEqual(
      lines,
    );
  });

  it('merges two edits’ changes by product, keeping a later 0', () => {
    expect(
      mergeLineChanges(
        [
          { product_id: 1, quantity: 3 },
          { product_id: 2, quantity: 4 },
        ],
        [
          { product_id: 1, quantity: 0 },
          { product_id: 5, quantity: 1 },
        ],
      ),
    ).toEqual([
      { product_id: 1, quantity: 0 },
      { product_id: 2, quantity: 4 },
      { product_id: 5, quantity: 1 },
    ]);
  });

  it('reserves the units of open and ready orders only', () => {
    const line = (product_id: number, quantity: number) => ({
      product_id,
      quantity,
      name: '',
      price_cents: 0,
    });
    expect(
      reservedUnits([
        order({ status: 'open', lines: [line(1, 6), line(2, 1)] }),
        order({ status: 'ready', lines: [line(1, 2)] }),
        order({ status: 'cancelled', lines: [line(1, 100)] }),
        order({ status: 'collected', lines: [line(2, 100)] }),
      ]),
    ).toEqual(
      new Map([
        [1, 8],
        [2, 1],
      ]),
    );
  });

  it('refuses a delivery without an address and a window that ends before it starts', () => {
    const base = {
      id: crypto.randomUUID(),
      customer_id: crypto.randomUUID(),
      kind: 'pickup',
      due_on: '2026-12-24',
      lines: [{ product_id: 1, quantity: 1 }],
    };
    const message = (fields: Record<string, unknown>) => {
      const parsed = v.safeParse(CustomerOrderCreateSchema, { ...base, ...fields });
      return parsed.success ? null : parsed.issues[0].message;
    };
    expect(message({})).toBeNull();
    expect(message({ kind: 'delivery', address: '  ' })).toBe(CUSTOMER_ORDER_MESSAGES.address);
    expect(message({ kind: 'delivery', address: '1 Wharf Rd' })).toBeNull();
    expect(message({ window_from: '11:00', window_to: '11:00' })).toBe(
      CUSTOMER_ORDER_MESSAGES.window,
    );
    expect(message({ window_from: '', window_to: '11:00' })).toBeNull();
  });
});

describe('the orders a view lists', () => {
  const today = '2026-11-29';
  const orders = [
    order({ number: 'ORD-1004', due_on: '2026-11-30', window_from: '16:00' }),
    order({ number: 'ORD-1003', due_on: '2026-11-30', window_from: '09:30' }),
    order({ number: 'ORD-1005', due_on: '2026-11-30' }),
    order({ number: 'ORD-1006', due_on: '2026-11-30', status: 'cancelled' }),
    order({ number: 'ORD-1002', due_on: today, status: 'collected' }),
    order({ number: 'ORD-1001', due_on: '2026-11-20', status: 'open' }),
  ];
  const numbers = (list: readonly CustomerOrder[]) => list.map((entry) => entry.number);

  it('lists a day by its window, orders without one last, never a cancelled one', () => {
    expect(numbers(ordersInView(orders, 'tomorrow', today))).toEqual([
      'ORD-1003',
      'ORD-1004',
      'ORD-1005',
    ]);
    expect(numbers(ordersInView(orders, 'today', today))).toEqual(['ORD-1002']);
  });

  it('lists what is still to hand over from today on, and every order newest day first', () => {
    expect(numbers(ordersInView(orders, 'upcoming', today))).toEqual([
      'ORD-1003',
      'ORD-1004',
      'ORD-1005',
    ]);
    expect(numbers(ordersInView(orders, 'all', today))[0]).toBe('ORD-1006');
    expect(numbers(ordersInView(orders, 'all', today)).at(-1)).toBe('ORD-1001');
  });

  it('says a window in words, and the next day across a month and a year', () => {
    expect(windowText({ window_from: '09:30', window_to: '12:00' })).toBe('9:30 AM – 12:00 PM');
    expect(windowText({ window_from: null, window_to: '00:15' })).toBe('By 12:15 AM');
    expect(startText({ window_from: '16:00', window_to: '18:00' })).toBe('4:00 PM');
    expect(startText({ window_from: null, window_to: null })).toBe('Any time');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('the picking list', () => {
  const line = (product_id: number, name: string, quantity: number) => ({
    product_id,
    name,
    quantity,
    price_cents: 1_000,
  });

  it('sums each product over the orders still to hand over, by name, and leaves the rest out', () => {
    const list = pickingList([
      order({ number: 'ORD-1001', lines: [line(2, 'Shiraz', 6), line(1, 'Riesling', 2)] }),
      order({ number: 'ORD-1002', status: 'ready', lines: [line(2, 'Shiraz', 3)] }),
      order({ number: 'ORD-1003', status: 'collected', lines: [line(2, 'Shiraz', 12)] }),
      order({ number: 'ORD-1004', status: 'cancelled', lines: [line(3, 'Gin', 1)] }),
    ]);
    expect(list.orders.map((each) => each.number)).toEqual(['ORD-1001', 'ORD-1002']);
    expect(list.products).toEqual([
      { product_id: 1, name: 'Riesling', units: 2, orders: 1 },
      { product_id: 2, name: 'Shiraz', units: 9, orders: 2 },
    ]);
  });
});

describe('the calendar', () => {
  it('shows a month as whole weeks from Monday, a week from its Monday, or a day', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const month = daysOf('month', '2026-12-24');
    expect(month[0]).toBe('2026-11-30');
    expect(month.at(-1)).toBe('2027-01-03');
    expect(month).toHaveLength(35);
    expect(daysOf('week', '2026-12-24')).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(daysOf('day', '2026-12-24')).toEqual(['2026-12-24']);
    // A month that starts on a Monday starts there; February 2027 is four whole weeks.
    expect(daysOf('month', '2027-02-10')).toHaveLength(28);
  });

  it('steps by a month (from its first day), a week or a day', () => {
    expect(stepped('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepped('month', '2026-03-31', -1)).toBe('2026-02-01');
    expect(stepped('week', '2026-12-24', -1)).toBe('2026-12-17');
    expect(stepped('day', '2026-12-31', 1)).toBe('2027-01-01');
  });

  it('lists each day’s orders that are not cancelled, by window, within the days shown', () => {
    const days = ordersByDay(
      [
        order({ number: 'ORD-1', due_on: '2026-12-24', window_from: '14:00' }),
        order({ number: 'ORD-2', due_on: '2026-12-24', window_from: '09:00' }),
        order({ number: 'ORD-3', due_on: '2026-12-24', status: 'cancelled' }),
        order({ number: 'ORD-4', due_on: '2026-12-24', status: 'collected' }),
        order({ number: 'ORD-5', due_on: '2027-02-01' }),
      ],
      '2026-11-30',
      '2027-01-03',
    );
    expect(days.get('2026-12-24')?.map((each) => each.number)).toEqual(['ORD-2', 'ORD-1', 'ORD-4']);
    expect(days.has('2027-02-01')).toBe(false);
  });
});
