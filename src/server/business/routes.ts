import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type BusinessProfileAnswer, CURRENCY_SYMBOL } from '#domains/business/profile.ts';
import { saveBusinessProfileWrite } from '#domains/business/writes.ts';
import { businesses } from '../db/schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import type { WriteRoutes } from '../http/write-routes.ts';

const profileColumns = {
  name: businesses.name,
  tax_number: businesses.taxNumber,
  address: businesses.address,
  phone: businesses.phone,
  default_tax_category: businesses.defaultTaxCategory,
  time_zone: businesses.timeZone,
};

/** GET /business/profile (everyone signed in), PUT /business/profile (owners). */
export function businessRoutes(writes: WriteRoutes) {
  const app = new Hono<AppEnv>();

  app.get('/profile', async (c) => {
    const [row] = await c.var.db
      .select(profileColumns)
      .from(businesses)
      .where(eq(businesses.id, c.get('caller').businessId));
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return c.json({
      ...row,
      time_zone: row.time_zone ?? '',
      currency: CURRENCY_SYMBOL,
    } satisfies BusinessProfileAnswer);
  });

  writes.add(saveBusinessProfileWrite, async (c, profile) => {
    const [row] = await c.var.db
      .update(businesses)
      .set({
        name: profile.name,
        taxNumber: profile.tax_number,
        address: profile.address,
        phone: profile.phone,
        defaultTaxCategory: profile.default_tax_category,
        ...(profile.time_zone === undefined ? {} : { timeZone: profile.time_zone || null }),
      })
      .where(eq(businesses.id, c.get('caller').businessId))
      .returning(profileColumns);
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return c.json({
      ...row,
      time_zone: row.time_zone ?? '',
      currency: CURRENCY_SYMBOL,
    } satisfies BusinessProfileAnswer);
  });

  return app;
}
