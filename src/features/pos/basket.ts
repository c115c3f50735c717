import type { KeptBasket } from '#data/repositories/open-basket.ts';
import type { CustomerOrder } from '#domains/customer-orders/customer-order.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { type Discount, parseCents } from '#domains/sales/money.ts';
import type { PaymentSettings, TagDiscount } from '#domains/sales/payment-settings.ts';
import type { Sale } from '#domains/sales/sale.ts';

/**
 * What is in the basket on the POS, before it is a sale: lines (a product, a quantity, maybe a
 * price override and a line discount), maybe a sale discount, and the payments taken so far
 * other than cash (a split: part on card, the rest in cash). Plain functions, so the screen and
 * its tests share them.
 */
export interface BasketLine {
  item: InventoryItem;
  quantity: number;
  /** A price for one unit in cents, replacing the shelf price. */
  unitCents?: number | undefined;
  /** The price the customer order it came from agreed: the line's shelf price. */
  agreedCents?: number | undefined;
  discount?: Discount | undefined;
}

export type Payment = Exclude<Sale['tenders'][number], { kind: 'cash' }>;

export type SaleCustomer = NonNullable<KeptBasket['customer']>;
export type SaleOrder = NonNullable<KeptBasket['order']>;

export interface Basket {
  lines: BasketLine[];
  discount?: Discount | undefined;
  payments: Payment[];
  /** Who it is sold to. */
  customer?: SaleCustomer | undefined;
  /** The customer order it completes (its customer is the sale's). */
  order?: SaleOrder | undefined;
  /** The customer's tag discount, when the sale discount is it. */
  tagDiscount?: TagDiscount | undefined;
}

/**
 * The customer attached to a sale: a discount their tags give (Wine club 10 %) becomes the
 * sale discount, unless the sale has one already.
 */
export function withCustomer(
  basket: Basket,
  customer: SaleCustomer,
  tagDiscount: TagDiscount | null,
): Basket {
  const next: Basket = { ...basket, customer };
  if (basket.tagDiscount) {
    next.discount = undefined;
    next.tagDiscount = undefined;
  }
  if (tagDiscount && !next.discount) {
    next.discount = { kind: 'percent', value: tagDiscount.percent };
    next.tagDiscount = tagDiscount;
  }
  return next;
}

/** No customer: their order and their tag discount go too; the lines stay, at shelf prices. */
export function withoutCustomer(basket: Basket): Basket {
  return {
    ...basket,
    customer: undefined,
    order: undefined,
    ...(basket.tagDiscount ? { discount: undefined, tagDiscount: undefined } : {}),
    lines: basket.lines.map((line) => ({ ...line, agreedCents: undefined })),
  };
}

export const EMPTY_BASKET: Basket = { lines: [], payments: [] };

/** A basket's lines as they are kept on the tablet (parked, or open through a reload): by id. */
export type KeptLine = KeptBasket['lines'][number];

export function keptLines(lines: readonly BasketLine[]): KeptLine[] {
  return lines.map((line) => ({
    productId: line.item.id,
    quantity: line.quantity,
    ...(line.unitCents !== undefined ? { unitCents: line.unitCents } : {}),
    ...(line.agreedCents !== undefined ? { agreedCents: line.agreedCents } : {}),
    ...(line.discount ? { discount: line.discount } : {}),
  }));
}

/** Kept lines with their products from the catalogue, and how many name a product gone since. */
export function linesOfKept(
  kept: readonly KeptLine[],
  items: readonly InventoryItem[],
): { lines: BasketLine[]; missing: number } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = kept.flatMap((line) => {
    const item = byId.get(line.productId);
    return item
      ? [
          {
            item,
            quantity: line.quantity,
            unitCents: line.unitCents,
            agreedCents: line.agreedCents,
            discount: line.discount,
          },
        ]
      : [];
  });
  return { lines, missing: kept.length - lines.length };
}

/**
 * A customer order rung up to be completed: its lines at the prices it agreed, its customer,
 * and the order itself; with how many of its products this device's catalogue no longer has.
 */
export function basketOfOrder(
  order: Pick<CustomerOrder, 'id' | 'number' | 'kind' | 'customer_id' | 'customer' | 'lines'>,
  items: readonly InventoryItem[],
  /** The deposit taken for it: spent on it first, as far as it goes. */
  depositCents = 0,
): { basket: Basket; missing: number } {
  const { lines, missing } = linesOfKept(
    order.lines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      agreedCents: line.price_cents,
    })),
    items,
  );
  // Its lines at the agreed prices, without discounts yet: what the deposit may pay at most.
  const totalCents = lines.reduce(
    (total, line) => total + (line.agreedCents ?? 0) * line.quantity,
    0,
  );
  const deposit = Math.min(depositCents, totalCents);
  return {
    basket: {
      lines,
      payments: deposit > 0 ? [{ kind: 'account', cents: deposit, deposit: true }] : [],
      customer: { id: order.customer_id, name: order.customer },
      order: { id: order.id, number: order.number, kind: order.kind },
    },
    missing,
  };
}

/** One more of a product: its line grows, or a new line is added at the end. */
export function addItem(basket: Basket, item: InventoryItem): Basket {
  const at = basket.lines.findIndex((line) => line.item.id === item.id);
  const lines =
    at < 0
      ? [...basket.lines, { item, quantity: 1 }]
      : basket.lines.map((line, index) =>
          index === at ? { ...line, quantity: line.quantity + 1 } : line,
        );
  return { ...basket, lines };
}

/** A line's quantity; 0 or less takes the line out. */
export function setQuantity(basket: Basket, productId: number, quantity: number): Basket {
  const lines =
    quantity <= 0
      ? basket.lines.filter((line) => line.item.id !== productId)
      : basket.lines.map((line) => (line.item.id === productId ? { ...line, quantity } : line));
  return { ...basket, lines };
}

export function changeLine(
  basket: Basket,
  productId: number,
  change: Pick<BasketLine, 'unitCents' | 'discount'>,
): Basket {
  return {
    ...basket,
    lines: basket.lines.map((line) => (line.item.id === productId ? { ...line, ...change } : line)),
  };
}

/** What the payments other than cash have paid. */
export const paidSoFar = (payments: readonly Payment[]) =>
  payments.reduce((total, payment) => total + payment.cents, 0);

export const DISCOUNT_MESSAGES = {
  percent: 'A discount is 0 to 100 %',
  amount: 'Enter an amount such as 5 or 4.50',
} as const;

/** A typed discount ('10' as a % or '4.50' as $), or the reason it is not one. */
export function parseDiscount(
  kind: Discount['kind'],
  text: string,
): { discount: Discount | undefined } | { problem: string } {
  const typed = text.trim();
  if (typed === '') return { discount: undefined };
  if (kind === 'amount') {
    const cents = parseCents(typed);
    if (cents === null) return { problem: DISCOUNT_MESSAGES.amount };
    return { discount: cents === 0 ? undefined : { kind: 'amount', cents } };
  }
  const value = Number(typed);
  if (!/^\d+(\.\d+)?$/.test(typed) || value > 100) return { problem: DISCOUNT_MESSAGES.percent };
  return { discount: value === 0 ? undefined : { kind: 'percent', value } };
}

/** A discount as a person reads it: '10 %' or '$4.50 off'. */
export function discountText(discount: Discount, format: (cents: number) => string): string {
  return discount.kind === 'percent' ? `${discount.value} % off` : `${format(discount.cents)} off`;
}

/**
 * The ways to pay (or refund) Payment & Tax offers: cash, card, then the other tenders; and the
 * customer's account when the sale's customer has room on it (or a refund goes back to it).
 */
export type TenderChoice =
  | { kind: 'cash' }
  | { kind: 'card' }
  | { kind: 'other'; label: string }
  | { kind: 'account' };
export const choiceKey = (choice: TenderChoice) =>
  choice.kind === 'other' ? `other:${choice.label}` : choice.kind;

export function tenderChoices(settings: PaymentSettings, onAccount = false): TenderChoice[] {
  return [
    ...(settings.cash ? [{ kind: 'cash' } as const] : []),
    ...(settings.card ? [{ kind: 'card' } as const] : []),
    ...settings.otherTenders.map((label) => ({ kind: 'other', label }) as const),
    ...(onAccount ? [{ kind: 'account' } as const] : []),
  ];
}

export const choiceLabel = (choice: TenderChoice) =>
  choice.kind === 'cash'
    ? 'Cash'
    : choice.kind === 'card'
      ? 'Card'
      : choice.kind === 'account'
        ? 'Account'
        : choice.label;

/**
 * What the sale's customer may still put on their account at this till: what the account has
 * available (its limit less the balance this device knows), less what the basket has put on it.
 */
export const accountRoomOf = (availableCents: number, payments: readonly Payment[]) =>
  Math.max(
    availableCents -
      payments.reduce(
        (total, payment) => total + (payment.kind === 'account' ? payment.cents : 0),
        0,
      ),
    0,
  );
