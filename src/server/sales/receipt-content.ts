import { and, asc, eq } from 'drizzle-orm';
import { type Sale, tenderName } from '#domains/sales/sale.ts';
import { shopIdentity } from '../business/shop.ts';
import type { Db } from '../db/client.ts';
import { saleLines, sales } from '../db/schema.ts';
import type { ReceiptMailContent } from '../mail/receipt-mail.ts';
import { readPaymentSettings } from './payment-settings.ts';

/** A sale of the business as its receipt reads; null when the business has no such sale. */
export async function receiptMailContent(
  db: Db,
  businessId: string,
  saleId: string,
): Promise<ReceiptMailContent | null> {
  const [sale] = await db
    .select({
      receipt: sales.receipt,
      madeAt: sales.madeAt,
      totalCents: sales.totalCents,
      gstCents: sales.gstCents,
      changeCents: sales.changeCents,
      roundingCents: sales.roundingCents,
      tenders: sales.tenders,
    })
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.businessId, businessId)));
  if (!sale) return null;
  const lines = await db
    .select()
    .from(saleLines)
    .where(eq(saleLines.saleId, saleId))
    .orderBy(asc(saleLines.lineNo));
  const settings = await readPaymentSettings(db, businessId);
  return {
    shop: await shopIdentity(db, businessId),
    receipt: sale.receipt,
    madeAt: sale.madeAt,
    header: settings.receiptHeader,
    footer: settings.receiptFooter,
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitCents: line.unitCents,
      amountCents: line.netCents,
    })),
    totalCents: sale.totalCents,
    gstCents: sale.gstCents,
    tenders: (sale.tenders as Sale['tenders']).map((tender) => ({
      label: tenderName(tender),
      cents: tender.kind === 'cash' ? tender.given_cents : tender.cents,
    })),
    roundingCents: sale.roundingCents,
    changeCents: sale.changeCents,
  };
}
