import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { alertBadge } from '../../src/domains/alerts/alert.ts';
import { alertsFor } from '../../src/server/alerts/alerts.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { products, users } from '../../src/server/db/schema.ts';
import { runWhenStarted } from './lib/run.ts';
import { seedProducts } from './lib/server.ts';
import { median, spread } from './lib/stats.ts';

/**
 * The alerts count on the server (PGlite): everything `GET /alerts` works out for a manager of
 * the demo shop with 50,000 generated products besides its own (stock against their threshold
 * with open orders' reservations, today's orders, overdue purchase orders, cash and count
 * variances, less their dismissals), then the badge's count of it; beside it, the plain count
 * of products at or under the threshold.
 *
 * `npm run bench:alerts`. Prints figures; `npm run bench` holds the budget.
 */
export const ALERT_PRODUCTS = 50_000;
export const ALERTS_BUDGET_MS = 50;
const RUNS = 20;

export async function alertsFigures() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vintry-bench-'));
  try {
    seedProducts(dataDir, ALERT_PRODUCTS);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const { db } = database;
      const [owner] = await db
        .select({ id: users.id, businessId: users.businessId, role: users.role })
        .from(users)
        .where(eq(users.email, 'demo@vintry.test'));
      if (!owner) throw new Error('no demo business');
      await db.execute(sql`analyze`);
      const caller = { userId: owner.id, businessId: owner.businessId, role: owner.role };
      const today = new Date().toISOString().slice(0, 10);
      const times: number[] = [];
      const plain: number[] = [];
      let counted = 0;
      for (let run = 0; run < RUNS; run += 1) {
        let started = performance.now();
        const answer = await alertsFor(db, caller, today, new Date());
        counted = alertBadge(answer.alerts, answer.more)?.count ?? 0;
        times.push(performance.now() - started);
        started = performance.now();
        await db
          .select({ n: count() })
          .from(products)
          .where(and(eq(products.businessId, owner.businessId), lte(products.stockQuantity, 10)));
        plain.push(performance.now() - started);
      }
      return { times, plain, counted };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const figures = await alertsFigures();
  console.log(
    `The alerts count for a manager, ${ALERT_PRODUCTS.toLocaleString('en')} products (PGlite; ${figures.counted} alerts): ${spread(figures.times)} (budget median ≤ ${ALERTS_BUDGET_MS} ms); plain count of products at or under the threshold median ${median(figures.plain).toFixed(1)} ms`,
  );
}

runWhenStarted(import.meta.url, main);
