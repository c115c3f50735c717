import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { daysOf, ordersByDay } from '../../src/domains/customer-orders/calendar.ts';
import type { CustomerOrder } from '../../src/domains/customer-orders/customer-order.ts';
import type { Customer } from '../../src/domains/customers/customer.ts';
import {
  CUSTOMERS_PAGE_SIZE,
  customerPage,
  sortCustomers,
} from '../../src/domains/customers/customer-list.ts';
import { ordersDueOn } from '../../src/server/customer-orders/customer-orders.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import {
  customerOrderLines,
  customerOrders,
  customers,
  products,
  saleLines,
  sales,
  users,
} from '../../src/server/db/schema.ts';
import { customerSales } from '../../src/server/sales/customer-sales.ts';
import { generatedCustomer } from '../../src/server/seed/customers.ts';
import { addDays } from '../../src/shared/moments.ts';
import { runWhenStarted } from './lib/run.ts';
import { seedProducts } from './lib/server.ts';
import { median, spread } from './lib/stats.ts';

/**
 * Customers and their orders:
 * - searching 20,000 customers on the device as the list does (a page of the sorted list for each
 *   keystroke of names, an email and a phone typed letter by letter); beside it, a plain
 *   `includes` over the names;
 * - Tomorrow's Orders on the server (PGlite) with 2,000 orders over two months; beside it, the
 *   plain count of that day's orders;
 * - a customer's purchases (their page's history, spend and favourite categories) on the server
 *   with 500 sales of theirs among the demo's; beside it, the plain sum of their sales' totals.
 *   The page paints its list 20 at a time from that answer;
 * - the calendar's month of 2,000 orders over two months, as the device works it out from the
 *   orders it keeps (the days of the month's weeks and each day's orders by window); beside
 *   it, a plain filter of the month's orders.
 *
 * `npm run bench:customers`. Prints figures; `npm run bench` holds their budgets.
 */
export const SEARCH_CUSTOMERS = 20_000;
export const SEARCH_BUDGET_MS = 30;
export const BENCH_ORDERS = 2_000;
export const TOMORROW_BUDGET_MS = 100;
/** A regular's page: their purchases read from the server with this many sales of theirs. */
export const CUSTOMER_PAGE_SALES = 500;
export const CUSTOMER_PAGE_BUDGET_MS = 200;
/** The calendar's month, worked out on the device from the orders it keeps. */
export const CALENDAR_BUDGET_MS = 100;
const RUNS = 20;

function generatedCustomers(total: number): Customer[] {
  return Array.from({ length: total }, (_, n) => {
    return {
      id: randomUUID(),
      ...generatedCustomer(n),
      address: null,
      notes: null,
      member_number: null,
      account_limit_cents: null,
      marketing_consent: null,
      birthday: null,
      version: 1,
      field_versions: {},
      created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    };
  });
}

const typedLetterByLetter = (text: string) =>
  Array.from({ length: text.length }, (_, n) => text.slice(0, n + 1));

export function customerSearchFigures() {
  const all = generatedCustomers(SEARCH_CUSTOMERS);
  const sorted = sortCustomers(all, 'name');
  const queries = ['margaret chen', 'customer1234@', '0410 00', 'wine club'].flatMap(
    typedLetterByLetter,
  );
  const times: number[] = [];
  const plain: number[] = [];
  let found = 0;
  for (const query of queries) {
    let started = performance.now();
    const page = customerPage(sorted, { query, page: 1 });
    times.push(performance.now() - started);
    found += page.rows.length;
    started = performance.now();
    const lower = query.toLowerCase();
    all
      .filter((customer) => customer.name.toLowerCase().includes(lower))
      .slice(0, CUSTOMERS_PAGE_SIZE);
    plain.push(performance.now() - started);
  }
  return { times, plain, found };
}

export function calendarMonthFigures() {
  const today = new Date().toISOString().slice(0, 10);
  const orders: CustomerOrder[] = Array.from({ length: BENCH_ORDERS }, (_, n) => ({
    id: randomUUID(),
    number: `ORD-${1001 + n}`,
    customer_id: randomUUID(),
    customer: `Regular ${n % 500}`,
    kind: n % 3 === 0 ? 'delivery' : 'pickup',
    due_on: addDays(today, (n % 61) - 30),
    window_from: `${String(9 + (n % 9)).padStart(2, '0')}:00`,
    window_to: null,
    address: null,
    notes: null,
    status: n % 7 === 0 ? 'cancelled' : 'open',
    lines: [{ product_id: 1 + (n % 200), name: 'Bench wine', quantity: 1, price_cents: 2_500 }],
    total_cents: 2_500,
    version: 1,
    field_versions: {},
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  }));
  const times: number[] = [];
  const plain: number[] = [];
  let shown = 0;
  for (let run = 0; run < RUNS; run += 1) {
    let started = performance.now();
    const days = daysOf('month', today);
    const byDay = ordersByDay(orders, days[0] ?? today, days.at(-1) ?? today);
    shown = [...byDay.values()].reduce((total, list) => total + list.length, 0);
    times.push(performance.now() - started);
    started = performance.now();
    const month = today.slice(0, 7);
    orders.filter((order) => order.due_on.startsWith(month));
    plain.push(performance.now() - started);
  }
  return { times, plain, shown };
}

export async function tomorrowOrdersFigures() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vintry-bench-'));
  try {
    seedProducts(dataDir, 1);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const { db } = database;
      const [owner] = await db
        .select({ businessId: users.businessId })
        .from(users)
        .where(eq(users.email, 'demo@vintry.test'));
      if (!owner) throw new Error('no demo business');
      const held = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.businessId, owner.businessId))
        .limit(200);
      const people = Array.from({ length: 500 }, (_, n) => ({
        id: randomUUID(),
        businessId: owner.businessId,
        name: `Regular ${n}`,
      }));
      await db.insert(customers).values(people);
      const today = new Date().toISOString().slice(0, 10);
      const orders = Array.from({ length: BENCH_ORDERS }, (_, n) => ({
        id: randomUUID(),
        businessId: owner.businessId,
        number: `ORD-${1001 + n}`,
        customerId: people[n % people.length]?.id as string,
        kind: n % 3 === 0 ? ('delivery' as const) : ('pickup' as const),
        dueOn: addDays(today, (n % 61) - 30),
        windowFrom: `${String(9 + (n % 9)).padStart(2, '0')}:00`,
        address: n % 3 === 0 ? '1 Wharf Rd' : null,
        status: n % 7 === 0 ? ('cancelled' as const) : ('open' as const),
      }));
      for (let at = 0; at < orders.length; at += 500) {
        await db.insert(customerOrders).values(orders.slice(at, at + 500));
      }
      const lines = orders.flatMap((order, n) =>
        Array.from({ length: 1 + (n % 3) }, (_, line) => ({
          orderId: order.id,
          productId: held[(n + line * 7) % held.length]?.id as number,
          position: line,
          quantity: 1 + (n % 6),
          priceCents: 2_500,
        })),
      );
      for (let at = 0; at < lines.length; at += 1_000) {
        await db.insert(customerOrderLines).values(lines.slice(at, at + 1_000));
      }
      await db.execute(sql`analyze`);
      const tomorrow = addDays(today, 1);
      const due: number[] = [];
      const plain: number[] = [];
      let listed = 0;
      for (let run = 0; run < RUNS; run += 1) {
        let started = performance.now();
        listed = (await ordersDueOn(db, owner.businessId, tomorrow)).length;
        due.push(performance.now() - started);
        started = performance.now();
        await db
          .select({ n: count() })
          .from(customerOrders)
          .where(
            and(
              eq(customerOrders.businessId, owner.businessId),
              eq(customerOrders.dueOn, tomorrow),
            ),
          );
        plain.push(performance.now() - started);
      }
      const regular = people[0]?.id as string;
      const theirs = Array.from({ length: CUSTOMER_PAGE_SALES }, (_, n) => ({
        id: randomUUID(),
        businessId: owner.businessId,
        receipt: `T9-${String(n + 1).padStart(6, '0')}`,
        madeAt: new Date(Date.now() - n * 86_400_000),
        totalCents: 5_000,
        gstCents: 455,
        discountCents: 0,
        roundingCents: 0,
        changeCents: 0,
        tenders: [{ kind: 'card', cents: 5_000 }],
        customerId: regular,
      }));
      await db.insert(sales).values(theirs);
      await db.insert(saleLines).values(
        theirs.map((sale, n) => ({
          saleId: sale.id,
          lineNo: 1,
          productId: held[n % held.length]?.id as number,
          name: 'Bench wine',
          quantity: 2,
          unitCents: 2_500,
          lucCents: 1_200,
          taxable: true,
          netCents: 5_000,
        })),
      );
      await db.execute(sql`analyze`);
      const page: number[] = [];
      const pagePlain: number[] = [];
      let shown = 0;
      for (let run = 0; run < RUNS; run += 1) {
        let started = performance.now();
        shown = (await customerSales(db, owner.businessId, regular)).sales.length;
        page.push(performance.now() - started);
        started = performance.now();
        await db
          .select({ total: sql<number>`sum(${sales.totalCents})` })
          .from(sales)
          .where(and(eq(sales.businessId, owner.businessId), eq(sales.customerId, regular)));
        pagePlain.push(performance.now() - started);
      }
      return { due, plain, listed, lines: lines.length, page, pagePlain, shown };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const search = customerSearchFigures();
  console.log(
    `Search of ${SEARCH_CUSTOMERS.toLocaleString('en')} customers, per keystroke: ${spread(search.times)}; plain includes over names ${spread(search.plain)}; median ≤ ${SEARCH_BUDGET_MS} ms: ${median(search.times) <= SEARCH_BUDGET_MS ? 'pass' : 'OVER'}`,
  );
  const calendar = calendarMonthFigures();
  console.log(
    `Calendar month on the device (${calendar.shown} of ${BENCH_ORDERS.toLocaleString('en')} orders): ${spread(calendar.times)}; plain filter of the month ${spread(calendar.plain)}; median ≤ ${CALENDAR_BUDGET_MS} ms: ${median(calendar.times) <= CALENDAR_BUDGET_MS ? 'pass' : 'OVER'}`,
  );
  console.log(`Seeding ${BENCH_ORDERS.toLocaleString('en')} customer orders (PGlite)…`);
  const orders = await tomorrowOrdersFigures();
  console.log(
    `A customer's purchases (${orders.shown} sales): ${spread(orders.page)}; plain sum of their totals ${spread(orders.pagePlain)}; median ≤ ${CUSTOMER_PAGE_BUDGET_MS} ms: ${median(orders.page) <= CUSTOMER_PAGE_BUDGET_MS ? 'pass' : 'OVER'}`,
  );
  console.log(
    `Tomorrow's Orders (${orders.listed} of ${BENCH_ORDERS.toLocaleString('en')} orders, ${orders.lines.toLocaleString('en')} lines): ${spread(orders.due)}; plain count of the day ${spread(orders.plain)}; median ≤ ${TOMORROW_BUDGET_MS} ms: ${median(orders.due) <= TOMORROW_BUDGET_MS ? 'pass' : 'OVER'}`,
  );
}

runWhenStarted(import.meta.url, main);
