import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  FILTER_LABELS,
  type FilterChoices,
  filterEntries,
  type ProductFilter,
  type ProductFilters,
  type ReportFilters,
  type StatedFilter,
  TENDER_KIND_LABELS,
} from '#domains/reports/filters.ts';
import type { Db } from '../db/client.ts';
import { products, users } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { NO_CATEGORY, NO_PRODUCER } from './report-days.ts';

/**
 * The reports' filters (#domains/reports/filters.ts) as conditions of their queries. Each
 * returns `true` when nothing narrows, so a query reads the same with filters or without.
 */

/** Products of the business the product filters keep, by id: `<product id> in (…)`. */
export function productsKept(businessId: string, filters: ProductFilters, productId: SQL): SQL {
  const conditions: SQL[] = [];
  if (filters.category) conditions.push(sql`category = ${filters.category}`);
  if (filters.producer) conditions.push(sql`producer = ${filters.producer}`);
  if (filters.supplier) conditions.push(sql`supplier = ${filters.supplier}`);
  if (filters.origin) {
    conditions.push(sql`(country = ${filters.origin} or region = ${filters.origin})`);
  }
  if (conditions.length === 0) return sql`true`;
  return sql`${productId} in (select id from ${products}
    where business_id = ${businessId} and ${sql.join(conditions, sql` and `)})`;
}

/**
 * Lines of sales (or of the sales refunds return) the product filters keep: by the category and
 * producer they were sold under (kept on the line, as the reports group them), and by the
 * supplier and country or region of their product now.
 */
export function linesKept(businessId: string, filters: ProductFilters, line: 'l' | 'sl'): SQL {
  const alias = sql.raw(line);
  const conditions: SQL[] = [
    productsKept(
      businessId,
      { supplier: filters.supplier, origin: filters.origin },
      sql`${alias}.product_id`,
    ),
  ];
  // As the report names them, so a row's name narrows to that row ('Uncategorised' too).
  if (filters.category) {
    conditions.push(
      sql`coalesce(nullif(${alias}.category, ''), ${NO_CATEGORY}) = ${filters.category}`,
    );
  }
  if (filters.producer) {
    conditions.push(
      sql`coalesce(nullif(${alias}.producer, ''), ${NO_PRODUCER}) = ${filters.producer}`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** Sales the staff member and tender filters keep (columns of `sales`). */
export function salesKept(filters: ReportFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.staff) conditions.push(sql`user_id = ${filters.staff}`);
  if (filters.tender) {
    conditions.push(sql`exists (select 1 from jsonb_array_elements(tenders) paid
      where paid.value->>'kind' = ${filters.tender})`);
  }
  return sql.join(conditions, sql` and `);
}

/** Refunds the staff member and tender filters keep (columns of `sale_returns`). */
export function refundsKept(filters: ReportFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.staff) conditions.push(sql`user_id = ${filters.staff}`);
  if (filters.tender) conditions.push(sql`tender->>'kind' = ${filters.tender}`);
  return sql.join(conditions, sql` and `);
}

/** What each product filter can be set to: the catalogue's values, sorted, once each. */
export async function filterChoices(db: Db, businessId: string): Promise<FilterChoices> {
  const rows = resultRows<{ filter: ProductFilter; value: string }>(
    await db.execute(sql`
      select distinct filter, value from ${products},
        lateral (values ('category', category), ('producer', producer), ('supplier', supplier),
          ('origin', country), ('origin', region)) as facts(filter, value)
      where business_id = ${businessId} and coalesce(trim(value), '') <> ''
      order by value`),
  );
  const choices: FilterChoices = { category: [], producer: [], supplier: [], origin: [] };
  for (const row of rows) choices[row.filter].push(row.value);
  return choices;
}

/** The filters as the report states them: the staff member by name, the tender in words. */
export async function statedFilters(
  db: Db,
  businessId: string,
  filters: ReportFilters,
): Promise<StatedFilter[]> {
  const stated: StatedFilter[] = [];
  for (const [name, value] of filterEntries(filters)) {
    let shown = value;
    if (name === 'staff') {
      const [person] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, value), eq(users.businessId, businessId)));
      shown = person?.name ?? 'Someone no longer in the team';
    } else if (name === 'tender') {
      shown = TENDER_KIND_LABELS[value as keyof typeof TENDER_KIND_LABELS];
    }
    stated.push({ label: FILTER_LABELS[name], value: shown });
  }
  return stated;
}
