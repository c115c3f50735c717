import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationsBefore } from './helpers/migrations.ts';

/**
 * The migration that gives products their wine fields: a custom field a shop made with one of
 * their keys ('vintage') keeps its name, values and column preferences under 'vintage_custom'.
 */
const WINE_FIELDS = '0011_wine_fields';

describe('wine fields migration', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const folder of cleanup) await rm(folder, { recursive: true, force: true });
  });

  it('moves a custom field named like a wine field aside, with its values and preferences', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    const before = await migrationsBefore(WINE_FIELDS);
    cleanup.push(before);
    await migrate(db, { migrationsFolder: before });

    const { rows } = await client.query<{ id: string }>(
      `insert into businesses (name) values ('Cellar') returning id`,
    );
    const business = rows[0]?.id;
    const user = (
      await client.query<{ id: string }>(
        `insert into users (email, password_hash, name, business_id, role)
         values ('a@cellar.test', 'x', 'Ana', $1, 'owner') returning id`,
        [business],
      )
    ).rows[0]?.id;
    await client.query(
      `insert into custom_field_definitions (business_id, entity_type, field_key, field_name, field_type, validation)
       values ($1, 'product', 'vintage', 'Vintage', 'number', '{}'), ($1, 'product', 'bin', 'Bin', 'text', '{}')`,
      [business],
    );
    await client.query(
      `insert into products (business_id, name, custom_values)
       values ($1, 'Grange', '{"vintage": 2018, "bin": "A-1"}')`,
      [business],
    );
    await client.query(
      `insert into column_preferences (user_id, table_name, column_key, is_visible, display_order)
       values ($1, 'products', 'vintage', true, 3)`,
      [user],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const definitions = await client.query<{ field_key: string; field_name: string }>(
      'select field_key, field_name from custom_field_definitions order by field_key',
    );
    expect(definitions.rows).toEqual([
      { field_key: 'bin', field_name: 'Bin' },
      { field_key: 'vintage_custom', field_name: 'Vintage' },
    ]);
    const product = await client.query<{ custom_values: unknown; vintage: string | null }>(
      'select custom_values, vintage from products',
    );
    expect(product.rows).toEqual([
      { custom_values: { bin: 'A-1', vintage_custom: 2018 }, vintage: null },
    ]);
    const preferences = await client.query<{ column_key: string }>(
      'select column_key from column_preferences',
    );
    expect(preferences.rows).toEqual([{ column_key: 'vintage_custom' }]);
    await client.close();
  });
});
