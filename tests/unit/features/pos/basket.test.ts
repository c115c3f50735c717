import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { saleLinesOf } from '#data/repositories/sales.ts';
import { formatCents, needsApproval } from '#domains/sales/money.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  offersTender,
  PAYMENT_MESSAGES,
  PaymentSettingsChangesSchema,
  tagDiscountOf,
  withDefaults,
} from '#domains/sales/payment-settings.ts';
import { discountGiven, totalsOf } from '#domains/sales/sale.ts';
import {
  accountRoomOf,
  addItem,
  basketOfOrder,
  changeLine,
  choiceLabel,
  DISCOUNT_MESSAGES,
  discountText,
  EMPTY_BASKET,
  keptLines,
  linesOfKept,
  paidSoFar,
  parseDiscount,
  setQuantity,
  tenderChoices,
  withCustomer,
  withoutCustomer,
} from '#features/pos/basket.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

const gin = inventoryItem(1, { product: 'Gin', listPrice: 90.99, luc: 50, gst: 5 });
const wine = inventoryItem(2, { product: 'Riesling', listPrice: 30, luc: 15, gst: 1.5 });

describe('the basket', () => {
  it('adds a product again as one more of its line, and takes a line out at 0', () => {
    let basket = addItem(addItem(addItem(EMPTY_BASKET, gin), wine), gin);
    expect(basket.lines.map((line) => [line.item.product, line.quantity])).toEqual([
      ['Gin', 2],
      ['Riesling', 1],
    ]);
    basket = setQuantity(basket, 1, 0);
    expect(basket.lines.map((line) => line.item.product)).toEqual(['Riesling']);
  });

  it('rings up a customer order at the prices it agreed, for its customer, with what is missing counted', () => {
    const { basket, missing } = basketOfOrder(
      {
        id: 'order-1',
        number: 'ORD-1003',
        kind: 'delivery',
        customer_id: 'customer-1',
        customer: 'The Larder Bistro',
        lines: [
          { product_id: gin.id, name: 'Gin', quantity: 2, price_cents: 8_500 },
          { product_id: 99, name: 'Gone since', quantity: 1, price_cents: 1_000 },
        ],
      },
      [gin, wine],
    );
    expect(missing).toBe(1);
    expect(basket.customer).toEqual({ id: 'customer-1', name: 'The Larder Bistro' });
    expect(basket.order).toEqual({ id: 'order-1', number: 'ORD-1003', kind: 'delivery' });
    const lines = saleLinesOf(basket.lines);
    expect(lines).toEqual([
      expect.objectContaining({
        product_id: gin.id,
        quantity: 2,
        unit_cents: 8_500,
        shelf_cents: 8_500,
      }),
    ]);
    // The agreed price is the shelf for the staff limit: no discount given.
    expect(discountGiven({ lines })).toBe(0);
    // Kept through a reload with its price.
    expect(linesOfKept(keptLines(basket.lines), [gin])).toEqual({
      lines: basket.lines,
      missing: 0,
    });
  });

  it('spends the deposit taken for an order on it first, never more than the order comes to', () => {
    const order = {
      id: 'order-2',
      number: 'ORD-1004',
      kind: 'pickup' as const,
      customer_id: 'customer-1',
      customer: 'Priya Natarajan',
      lines: [{ product_id: wine.id, name: 'Riesling', quantity: 2, price_cents: 2_800 }],
    };
    expect(basketOfOrder(order, [wine], 2_000).basket.payments).toEqual([
      { kind: 'account', cents: 2_000, deposit: true },
    ]);
    expect(basketOfOrder(order, [wine], 9_000).basket.payments).toEqual([
      { kind: 'account', cents: 5_600, deposit: true },
    ]);
    expect(basketOfOrder(order, [wine]).basket.payments).toEqual([]);
  });

  it('offers the Account tender while the customer has room on it, less what the sale put there', () => {
    expect(tenderChoices(DEFAULT_PAYMENT_SETTINGS).map(choiceLabel)).toEqual([
      'Cash',
      'Card',
      'Voucher',
    ]);
    expect(tenderChoices(DEFAULT_PAYMENT_SETTINGS, true).map(choiceLabel)).toEqual([
      'Cash',
      'Card',
      'Voucher',
      'Account',
    ]);
    expect(accountRoomOf(10_000, [{ kind: 'card', cents: 5_000 }])).toBe(10_000);
    expect(accountRoomOf(10_000, [{ kind: 'account', cents: 4_000 }])).toBe(6_000);
    expect(accountRoomOf(3_000, [{ kind: 'account', cents: 4_000 }])).toBe(0);
  });

  it('gives an attached customer their tag discount as the sale discount, unless one is set', () => {
    const club = { tag: 'Wine club', percent: 10 };
    const settings = withDefaults({
      tagDiscounts: [club, { tag: 'Trade', percent: 15 }],
    });
    expect(tagDiscountOf(['trade', 'WINE CLUB'], settings.tagDiscounts)).toEqual({
      tag: 'Trade',
      percent: 15,
    });
    expect(tagDiscountOf(['Staff'], settings.tagDiscounts)).toBeNull();
    const basket = addItem(EMPTY_BASKET, wine);
    const member = withCustomer(basket, { id: 'c1', name: 'Margaret Chen' }, club);
    expect(member.discount).toEqual({ kind: 'percent', value: 10 });
    expect(
      totalsOf({ lines: saleLinesOf(member.lines), discount: member.discount }).totalCents,
    ).toBe(2_700);
    // Another customer without a tag discount: the first one's goes with them.
    expect(withCustomer(member, { id: 'c2', name: 'Tom' }, null)).toMatchObject({
      discount: undefined,
      tagDiscount: undefined,
    });
    // A discount set by hand stays, whoever is attached or removed.
    const byHand = { ...basket, discount: { kind: 'amount' as const, cents: 500 } };
    expect(withCustomer(byHand, { id: 'c1', name: 'Margaret Chen' }, club).discount).toEqual({
      kind: 'amount',
      cents: 500,
    });
    expect(withoutCustomer(member)).toMatchObject({
      customer: undefined,
      discount: undefined,
      tagDiscount: undefined,
    });
  });

  it('sells at an overridden price, and says what the tablet knew of the product beside it', () => {
    const basket = changeLine(addItem(EMPTY_BASKET, gin), 1, { unitCents: 8_000 });
    const [line] = saleLinesOf(basket.lines);
    expect(line).toMatchObject({
      unit_cents: 8_000,
      shelf_cents: 9_099,
      luc_cents: 5_000,
      taxable: true,
    });
    // At the shelf price: the same claims, the price charged is the shelf's.
    const same = saleLinesOf(changeLine(basket, 1, { unitCents: 9_099 }).lines)[0];
    expect(same).toMatchObject({ unit_cents: 9_099, shelf_cents: 9_099 });
  });

  it('measures the discount given against shelf prices: overrides, line and sale discounts', () => {
    const basket = changeLine(addItem(addItem(EMPTY_BASKET, gin), wine), 2, {
      discount: { kind: 'percent', value: 10 },
    });
    const lines = saleLinesOf(basket.lines);
    // $3.00 off $120.99: 2.48 %.
    expect(discountGiven({ lines })).toBeCloseTo((300 * 100) / 12_099, 6);
    const overridden = saleLinesOf(changeLine(basket, 1, { unitCents: 7_099 }).lines);
    // $20.00 and $3.00 off $120.99: 19.0 %, past a 10 % limit.
    const share = discountGiven({ lines: overridden, discount: { kind: 'amount', cents: 0 } });
    expect(share).toBeCloseTo((2_300 * 100) / 12_099, 6);
    expect(needsApproval(share, 10)).toBe(true);
    expect(needsApproval(10, 10)).toBe(false);
  });

  it('adds the payments other than cash', () => {
    expect(
      paidSoFar([
        { kind: 'card', cents: 5_000 },
        { kind: 'other', label: 'Voucher', cents: 2_550 },
      ]),
    ).toBe(7_550);
  });

  it('reads a typed discount, in % or $, or says what is wrong', () => {
    expect(parseDiscount('percent', '12.5')).toEqual({
      discount: { kind: 'percent', value: 12.5 },
    });
    expect(parseDiscount('amount', '4.5')).toEqual({ discount: { kind: 'amount', cents: 450 } });
    expect(parseDiscount('percent', '')).toEqual({ discount: undefined });
    expect(parseDiscount('percent', '0')).toEqual({ discount: undefined });
    expect(parseDiscount('percent', '120')).toEqual({ problem: DISCOUNT_MESSAGES.percent });
    expect(parseDiscount('percent', '-5')).toEqual({ problem: DISCOUNT_MESSAGES.percent });
    expect(parseDiscount('amount', 'abc')).toEqual({ problem: DISCOUNT_MESSAGES.amount });
    expect(discountText({ kind: 'amount', cents: 450 }, formatCents)).toBe('$4.50 off');
    expect(discountText({ kind: 'percent', value: 10 }, formatCents)).toBe('10 % off');
  });

  it('splits a sale discount over the lines so they add up to the total', () => {
    const lines = saleLinesOf(addItem(addItem(EMPTY_BASKET, gin), wine).lines);
    const totals = totalsOf({ lines, discount: { kind: 'percent', value: 5 } });
    expect(totals.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(totals.totalCents);
    expect(totals.totalCents).toBe(12_099 - 605);
  });
});

describe('Payment & Tax settings', () => {
  it('fills what was never set, and what is stored wrongly, with the defaults', () => {
    expect(withDefaults({})).toEqual(DEFAULT_PAYMENT_SETTINGS);
    expect(withDefaults({ cashStepCents: 10, discountLimitPercent: 'lots' })).toEqual({
      ...DEFAULT_PAYMENT_SETTINGS,
      cashStepCents: 10,
    });
    expect(offersTender({ ...DEFAULT_PAYMENT_SETTINGS, cash: false, card: false })).toBe(true);
    expect(
      offersTender({ ...DEFAULT_PAYMENT_SETTINGS, cash: false, card: false, otherTenders: [] }),
    ).toBe(false);
  });

  it('drops an Account tender stored as another tender: the customer account replaces it', () => {
    expect(
      withDefaults({ otherTenders: ['Voucher', 'Account', 'Gift card'] }).otherTenders,
    ).toEqual(['Voucher', 'Gift card']);
    const refused = v.safeParse(PaymentSettingsChangesSchema, {
      changes: { otherTenders: ['Gift card', ' account '] },
    });
    expect(refused.success ? null : refused.issues[0].message).toBe(PAYMENT_MESSAGES.accountTender);
  });
});
