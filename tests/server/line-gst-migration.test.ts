import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { gstShares } from '#domains/sales/money.ts';
import { MIGRATIONS, migrationsBefore } from './helpers/migrations.ts';

/**
 * The migration that keeps each line's share of its sale's GST: lines stored before it get the
 * share the reports worked out each time until then, the same as the server now stores.
 */
describe('line GST migration', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const folder of cleanup) await rm(folder, { recursive: true, force: true });
  });

  it('gives each stored sale and refund line its share, as the server shares it now', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    const before = await migrationsBefore('0037_line_gst');
    cleanup.push(before);
    await migrate(db, { migrationsFolder: before });
    const business = (
      await client.query<{ id: string }>(
        "insert into businesses (name) values ('Harbour') returning id",
      )
    ).rows[0]?.id;
    const sale = randomUUID();
    // $90.00 and $84.95 taxable, $12.99 GST-free: $15.90 of GST in all.
    await client.query(
      `insert into sales (id, business_id, receipt, made_at, total_cents, gst_cents,
         discount_cents, rounding_cents, change_cents, tenders)
       values ($1, $2, 'T1-000001', now(), 18794, 1590, 0, 0, 0, '[]')`,
      [sale, business],
    );
    await client.query(
      `insert into sale_lines (sale_id, line_no, name, quantity, unit_cents, luc_cents, taxable,
         net_cents) values
         ($1, 1, 'Shiraz', 2, 4500, 2000, true, 9000),
         ($1, 2, 'Tonic', 1, 1299, 500, false, 1299),
         ($1, 3, 'Gin', 1, 8495, 4000, true, 8495)`,
      [sale],
    );
    const refund = randomUUID();
    // One Shiraz and the tonic back: $45.00 taxable, $4.09 of GST.
    await client.query(
      `insert into sale_returns (id, business_id, sale_id, receipt, made_at, total_cents,
         gst_cents, restocked_cost_cents, tender)
       values ($1, $2, $3, 'T1-000002', now(), 5799, 409, 2500, '{"kind":"card"}')`,
      [refund, business, sale],
    );
    await client.query(
      `insert into sale_return_lines (return_id, line_no, quantity, resaleable, refund_cents)
       values ($1, 1, 1, true, 4500), ($1, 2, 1, true, 1299)`,
      [refund],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const lines = await client.query<{ gst_cents: number }>(
      'select gst_cents from sale_lines order by line_no',
    );
    expect(lines.rows.map((row) => row.gst_cents)).toEqual(
      gstShares(
        [
          { cents: 9_000, taxable: true, order: 1 },
          { cents: 1_299, taxable: false, order: 2 },
          { cents: 8_495, taxable: true, order: 3 },
        ],
        1_590,
      ),
    );
    expect(lines.rows.map((row) => row.gst_cents)).toEqual([818, 0, 772]);
    const back = await client.query<{ gst_cents: number }>(
      'select gst_cents from sale_return_lines order by line_no',
    );
    expect(back.rows.map((row) => row.gst_cents)).toEqual([409, 0]);
    await client.close();
  });
});
