import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from './helpers/migrations.ts';

/**
 * The migration that brings suppliers: each business's supplier texts become its suppliers, one
 * per name however it was spelt, and each product links to its own.
 */
describe('suppliers migration', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const folder of cleanup) await rm(folder, { recursive: true, force: true });
  });

  it('makes a supplier of each business’s names and links their products', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    const before = await migrationsBefore('0025_buying_fields_and_suppliers');
    cleanup.push(before);
    await migrate(db, { migrationsFolder: before });
    const business = async (name: string) =>
      (
        await client.query<{ id: string }>(
          'insert into businesses (name) values ($1) returning id',
          [name],
        )
      ).rows[0]?.id;
    const harbour = await business('Harbour');
    const hilltop = await business('Hilltop');
    await client.query(
      `insert into products (business_id, name, supplier) values
        ($1, 'Shiraz', 'Cellar Direct'), ($1, 'Riesling', ' cellar direct '),
        ($1, 'Gin', 'Spirit Co'), ($1, 'Beer', null), ($1, 'Cider', '  '),
        ($2, 'Merlot', 'Cellar Direct')`,
      [harbour, hilltop],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const made = await client.query<{ business: string; name: string }>(
      `select b.name as business, s.name from suppliers s join businesses b on b.id = s.business_id
       order by b.name, s.name`,
    );
    expect(made.rows).toEqual([
      { business: 'Harbour', name: 'Cellar Direct' },
      { business: 'Harbour', name: 'Spirit Co' },
      { business: 'Hilltop', name: 'Cellar Direct' },
    ]);
    const linked = await client.query<{ product: string; supplier: string | null; same: boolean }>(
      `select p.name as product, s.name as supplier, s.business_id = p.business_id as same
       from products p left join suppliers s on s.id = p.supplier_id order by p.name`,
    );
    expect(linked.rows).toEqual([
      { product: 'Beer', supplier: null, same: null },
      { product: 'Cider', supplier: null, same: null },
      { product: 'Gin', supplier: 'Spirit Co', same: true },
      { product: 'Merlot', supplier: 'Cellar Direct', same: true },
      { product: 'Riesling', supplier: 'Cellar Direct', same: true },
      { product: 'Shiraz', supplier: 'Cellar Direct', same: true },
    ]);
    await client.close();
  });
});
