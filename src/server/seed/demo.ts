import { count } from 'drizzle-orm';
import { createUser } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { businesses } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { insertProducts } from '../products/catalogue-repository.ts';
import { DEMO_CATALOGUE_SIZE, generateProducts } from './catalogue.ts';

/**
 * The demo account of ARCHITECTURE.md section 1 and the demo catalogue, seeded on the first start
 * of an empty database.
 */
export const DEMO = {
  businessName: 'Demo Cellar',
  email: 'demo@vintry.test',
  password: 'Vintry2026',
  name: 'Demo Owner',
} as const;

export async function seedDemoIfEmpty(db: Db, log: Logger): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(businesses);
  if ((row?.total ?? 0) > 0) return false;
  const owner = await createUser(db, {
    email: DEMO.email,
    password: DEMO.password,
    name: DEMO.name,
    role: 'owner',
    businessName: DEMO.businessName,
  });
  await insertProducts(db, owner.businessId, generateProducts(DEMO_CATALOGUE_SIZE));
  log.info(`Demo data seeded. Sign in with ${DEMO.email} / ${DEMO.password}`);
  return true;
}
