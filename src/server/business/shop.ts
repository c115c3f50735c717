import { eq } from 'drizzle-orm';
import type { ShopIdentity } from '#domains/sales/tax-invoice.ts';
import type { Db } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import { timeZoneParam } from '../http/params.ts';

/**
 * The time zone a figure by days or months is counted in: the shop's own (Business Profile), so
 * that every device and report agrees on where a day ends; until the owner saves one, the zone
 * the device asks with (`?tz=`), else UTC.
 */
export async function shopTimeZone(
  db: Db,
  businessId: string,
  asked: string | undefined,
): Promise<string> {
  const [row] = await db
    .select({ zone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.zone ?? timeZoneParam(asked);
}

/** Who a receipt is from: the Business Profile's name, ABN, address, phone and zone. */
export async function shopIdentity(db: Db, businessId: string): Promise<ShopIdentity> {
  const [row] = await db
    .select({
      name: businesses.name,
      tax_number: businesses.taxNumber,
      address: businesses.address,
      phone: businesses.phone,
      time_zone: businesses.timeZone,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return {
    name: row?.name ?? '',
    tax_number: row?.tax_number ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    time_zone: row?.time_zone ?? '',
  };
}
