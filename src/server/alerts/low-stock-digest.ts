import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { InventorySettingsSchema } from '#domains/preferences/inventory-settings.ts';
import { dayInZone, weekStart } from '#shared/moments.ts';
import { reservedStock } from '../customer-orders/customer-orders.ts';
import type { Db } from '../db/client.ts';
import { businesses, inventorySettings, lowStockDigests, users } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { productsLowOnStock } from '../products/catalogue-repository.ts';

/**
 * The low-stock email digest (Notifications & Alerts, each person's own settings): to the
 * recipients they listed, what is at or under their threshold on available stock, once a
 * period ('Daily': the shop's day; 'Weekly': its week from Monday; 'Immediately': at most once
 * an hour), and only when something is. A period is claimed by writing its row first: of
 * several instances checking at once, only the one whose write went in sends; a mail that
 * fails gives the period back, for the next check to try again.
 */
export const DIGEST_CHECK_MS = 10 * 60_000;
/** At most this many products are listed in a mail; the rest are counted. */
const LISTED = 100;

type Frequency = 'immediately' | 'daily' | 'weekly';

export function digestPeriod(frequency: Frequency, now: Date, timeZone: string): string {
  const day = dayInZone(now, timeZone) ?? now.toISOString().slice(0, 10);
  if (frequency === 'weekly') return `week:${weekStart(day)}`;
  if (frequency === 'daily') return `day:${day}`;
  return `hour:${now.toISOString().slice(0, 13)}`;
}

export function digestMail(
  to: string,
  shop: string,
  threshold: number,
  low: readonly { name: string; stock: number }[],
): MailMessage {
  const listed = low.slice(0, LISTED);
  const lines = listed.map((product) => `${product.name}: ${product.stock} available`);
  const more = low.length - listed.length;
  const subject = `Low stock at ${shop}: ${low.length} ${low.length === 1 ? 'product' : 'products'}`;
  const intro = `At or under your threshold of ${threshold} available:`;
  return {
    to,
    subject,
    text: [intro, '', ...lines, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><ul>${listed
      .map((product) => `<li>${escapeHtml(product.name)}: ${product.stock} available</li>`)
      .join('')}</ul>${more > 0 ? `<p>and ${more} more</p>` : ''}`,
  };
}

export async function sendLowStockDigests(deps: {
  db: Db;
  mailer: Mailer;
  log: Logger;
  now: () => Date;
}): Promise<number> {
  const { db } = deps;
  const people = await db
    .select({
      userId: users.id,
      businessId: users.businessId,
      settings: inventorySettings.settings,
      shop: businesses.name,
      zone: businesses.timeZone,
    })
    .from(inventorySettings)
    .innerJoin(users, eq(users.id, inventorySettings.userId))
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(
      and(
        isNull(users.disabledAt),
        sql`jsonb_array_length(coalesce(${inventorySettings.settings}->'notifications'->'lowStockRecipients', '[]'::jsonb)) > 0`,
      ),
    );
  let sent = 0;
  for (const person of people) {
    const parsed = v.safeParse(InventorySettingsSchema, person.settings);
    if (!parsed.success) continue;
    const { notifications, stockManagement } = parsed.output;
    if (!notifications.lowStockEmailsEnabled || notifications.lowStockRecipients.length === 0) {
      continue;
    }
    const now = deps.now();
    const period = digestPeriod(notifications.lowStockFrequency, now, person.zone ?? 'UTC');
    const [claimed] = await db
      .insert(lowStockDigests)
      .values({ userId: person.userId, period, sentAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) continue;
    const threshold = stockManagement.lowStockThreshold;
    const low = await productsLowOnStock(
      db,
      person.businessId,
      threshold,
      reservedStock(person.businessId),
    );
    if (low.length === 0) continue;
    low.sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name));
    try {
      for (const to of notifications.lowStockRecipients) {
        await deps.mailer.send(digestMail(to, person.shop, threshold, low));
      }
      sent += 1;
    } catch (error) {
      deps.log.error('low-stock digest not sent', error);
      await db
        .delete(lowStockDigests)
        .where(and(eq(lowStockDigests.userId, person.userId), eq(lowStockDigests.period, period)));
    }
  }
  return sent;
}

/** Checks every DIGEST_CHECK_MS while the server runs; the returned function stops it. */
export function startLowStockDigests(deps: Parameters<typeof sendLowStockDigests>[0]) {
  const check = () =>
    sendLowStockDigests(deps).catch((error: unknown) =>
      deps.log.error('low-stock digests failed', error),
    );
  const timer = setInterval(check, DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
