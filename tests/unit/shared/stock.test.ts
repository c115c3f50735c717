import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { columnValue } from '#domains/products/product.ts';
import { withStatusAt } from '#domains/products/status.ts';
import { moved } from '#domains/stock/moved.ts';
import {
  checkAdjustment,
  formatDelta,
  MAX_MOVEMENT,
  STOCK_MESSAGES,
  StockMovementRequestSchema,
} from '#domains/stock/movement.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';

describe('an adjustment as typed', () => {
  const draft = { direction: 'add' as const, quantity: '3', reason: 'Damaged', note: '' };

  it('adds or removes the quantity, with the reason and the note trimmed', () => {
    expect(checkAdjustment(draft)).toEqual({
      ok: true,
      delta: 3,
      reason: 'Damaged',
      note: undefined,
    });
    expect(checkAdjustment({ ...draft, direction: 'remove', note: '  cork  ' })).toEqual({
      ok: true,
      delta: -3,
      reason: 'Damaged',
      note: 'cork',
    });
  });

  it.each(['', '0', '-2', '1.5', 'two', ' '])('refuses the quantity %j', (quantity) => {
    expect(checkAdjustment({ ...draft, quantity })).toEqual({
      ok: false,
      errors: { quantity: STOCK_MESSAGES.quantity },
    });
  });

  it('names every field that is missing or too long at once', () => {
    expect(
      checkAdjustment({
        direction: 'add',
        quantity: String(MAX_MOVEMENT + 1),
        reason: ' ',
        note: 'x'.repeat(501),
      }),
    ).toEqual({
      ok: false,
      errors: {
        quantity: STOCK_MESSAGES.quantityTooLarge,
        reason: STOCK_MESSAGES.reason,
        note: STOCK_MESSAGES.note,
      },
    });
  });

  it('is what the server accepts', () => {
    const check = checkAdjustment({ ...draft, direction: 'remove' });
    if (!check.ok) throw new Error('expected a valid adjustment');
    const request = {
      id: crypto.randomUUID(),
      delta: check.delta,
      reason: check.reason,
      made_at: new Date().toISOString(),
    };
    expect(v.safeParse(StockMovementRequestSchema, request).success).toBe(true);
    expect(v.safeParse(StockMovementRequestSchema, { ...request, delta: 0 }).success).toBe(false);
  });

  it('says a movement with its sign', () => {
    expect(formatDelta(4)).toBe('+4');
    expect(formatDelta(-4)).toBe('\u22124');
  });
});

describe('status at the user\u2019s low-stock threshold', () => {
  const rows = [0, 5, 10, 11, 30].map((stock, index) =>
    inventoryItem(index + 1, { stock_quantity: stock, status: 'In Stock' }),
  );

  it('follows the stock: out at 0 or below, low at or below the threshold, else in stock', () => {
    expect(withStatusAt(rows, 10).map((row) => row.status)).toEqual([
      'Out of Stock',
      'Low Stock',
      'Low Stock',
      'In Stock',
      'In Stock',
    ]);
    expect(withStatusAt(rows, 25).map((row) => row.status)).toEqual([
      'Out of Stock',
      'Low Stock',
      'Low Stock',
      'Low Stock',
      'In Stock',
    ]);
  });

  it('keeps the list and the rows that already agree, and gives a changed row the same copy', () => {
    const agreed = withStatusAt(rows, 10);
    expect(withStatusAt(agreed, 10)).toBe(agreed);
    const again = withStatusAt(rows, 10);
    expect(again[0]).toBe(agreed[0]);
    expect(agreed[4]).toBe(rows[4]);
  });

  it('counts low on what is available: on hand less what orders reserve, out only when none is on hand', () => {
    const reserved = new Map([
      [4, 5],
      [5, 30],
    ]);
    const shown = withStatusAt(rows, 10, reserved);
    expect(shown.map((row) => row.status)).toEqual([
      'Out of Stock',
      'Low Stock',
      'Low Stock',
      'Low Stock',
      'Low Stock',
    ]);
    expect(shown.map((row) => row.reserved_quantity)).toEqual([
      undefined,
      undefined,
      undefined,
      5,
      30,
    ]);
    expect(shown.map((row) => columnValue(row, 'availableQuantity'))).toEqual([0, 5, 10, 6, 0]);
    expect(shown.map((row) => columnValue(row, 'reservedQuantity'))).toEqual([0, 0, 0, 5, 30]);
    expect(withStatusAt(shown, 10, reserved)).toBe(shown);
    // The reservation released (the order collected), the row is as the server has it again.
    const released = withStatusAt(shown, 10);
    expect(released[4]?.status).toBe('In Stock');
    expect(released[4]).not.toHaveProperty('reserved_quantity');
  });
});

describe('stock moved on the device', () => {
  it('moves the count by the delta and the status with it, the product otherwise as it was', () => {
    const item = inventoryItem(3, { product: 'Moved Merlot', stock_quantity: 1 });
    const sold = moved(item, -1);
    expect(sold).toMatchObject({
      product: 'Moved Merlot',
      stock_quantity: 0,
      status: 'Out of Stock',
    });
    expect(moved(sold, 30)).toMatchObject({ stock_quantity: 30, status: 'In Stock' });
    expect(item.stock_quantity).toBe(1);
  });
});
