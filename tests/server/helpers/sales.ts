import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { products } from '#server/db/schema.ts';
import type { TestServer } from './test-server.ts';

/** A product's stock as the server keeps it. */
export async function stockOf(server: TestServer, id: number): Promise<number | undefined> {
  const [row] = await server.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}

/** Harbour Wines (its owner and a staff member, sam@harbour.test) and Hilltop Cellars. */
export async function shopsWithStaff(server: TestServer) {
  const { harbour, hilltop } = await server.twoBusinesses();
  await server.createUser({
    email: 'sam@harbour.test',
    password: 'Harbour2026',
    businessName: 'Harbour Wines',
    role: 'staff',
  });
  const staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
  return { token: harbour.token, otherToken: hilltop.token, staffToken: staff };
}

/** A sale of these lines paid by card, its totals worked out as the tablet does. */
export function cardSale(lines: Sale['lines'], receipt: string, extra: Partial<Sale> = {}): Sale {
  const totals = totalsOf({ lines });
  return {
    id: randomUUID(),
    receipt,
    made_at: new Date().toISOString(),
    lines,
    tenders: [{ kind: 'card', cents: totals.totalCents }],
    total_cents: totals.totalCents,
    gst_cents: totals.gstCents,
    ...extra,
  };
}
