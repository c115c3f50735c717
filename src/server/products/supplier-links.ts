import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { products, suppliers } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { noteSupplierChanged } from '../purchasing/supplier-changes.ts';

/**
 * Links products to the suppliers their `supplier` text names (the same name in any case and
 * spaces), making a supplier for a name the business has none of: a product given a supplier by
 * the form, the grid, an import or the API is linked wherever it came from. A product without
 * a supplier text is linked to none; one whose supplier still has its name keeps it (two
 * suppliers may share a name).
 */
export async function linkSuppliers(tx: Tx, businessId: string, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  const ids = sql`(${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const made = await tx.execute(sql`
    insert into ${suppliers} (id, business_id, name)
    select gen_random_uuid(), ${businessId}, named.name
    from (
      select distinct on (lower(btrim(p.supplier))) btrim(p.supplier) as name
      from ${products} as p
      where p.business_id = ${businessId} and p.id in ${ids}
        and p.supplier is not null and btrim(p.supplier) <> ''
        and not exists (
          select 1 from ${suppliers} as s
          where s.business_id = ${businessId} and lower(s.name) = lower(btrim(p.supplier))
        )
      order by lower(btrim(p.supplier)), p.id
    ) as named
    returning id`);
  await tx.execute(sql`
    update ${products} as p
    set supplier_id = coalesce(
      (select s.id from ${suppliers} as s
        where s.id = p.supplier_id and lower(s.name) = lower(btrim(p.supplier))),
      (select s.id from ${suppliers} as s
        where s.business_id = ${businessId} and lower(s.name) = lower(btrim(p.supplier))
        order by s.created_at, s.id limit 1)
    )
    where p.business_id = ${businessId} and p.id in ${ids}`);
  const madeIds = resultRows<{ id: string }>(made).map((row) => row.id);
  if (madeIds.length > 0) await noteSupplierChanged(tx, businessId, madeIds);
}
