import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'valibot';
import { approvalDigest, type SealedApproval, sealApproval } from '#domains/sales/approval.ts';
import { PaymentSettingsAnswerSchema } from '#domains/sales/payment-settings.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { products } from '#server/db/schema.ts';
import type { TestServer } from './test-server.ts';

/** A product's stock as the server keeps it. */
export async function stockOf(server: TestServer, id: number): Promise<number | undefined> {
  const [row] = await server.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}

/** Harbour Wines (its owner and a staff member, sam@harbour.test) and Hilltop Cellars. */
export async function shopsWithStaff(server: TestServer) {
  const { harbour, hilltop } = await server.twoBusinesses();
  await server.createUser({
    email: 'sam@harbour.test',
    password: 'Harbour2026',
    businessName: 'Harbour Wines',
    role: 'staff',
  });
  const staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
  return { token: harbour.token, otherToken: hilltop.token, staffToken: staff };
}

/** A sale of these lines paid by card, its totals worked out as the tablet does. */
export function cardSale(lines: Sale['lines'], receipt: string, extra: Partial<Sale> = {}): Sale {
  const totals = totalsOf({ lines });
  return {
    id: randomUUID(),
    receipt,
    made_at: new Date().toISOString(),
    lines,
    tenders: [{ kind: 'card', cents: totals.totalCents }],
    total_cents: totals.totalCents,
    gst_cents: totals.gstCents,
    ...extra,
  };
}

/** The shop's payment settings, approvers and approval key, as a tablet of `token`'s reads them. */
export async function paymentSettingsOf(server: TestServer, token: string) {
  const response = await server.call('GET', '/api/v1/sales/settings', { token });
  if (response.status !== 200) throw new Error(`settings: ${response.status}`);
  return parse(PaymentSettingsAnswerSchema, response.body);
}

/** A PIN typed for one sale as it stands, sealed to the shop's key as a tablet seals it. */
export async function sealedPin(
  server: TestServer,
  token: string,
  approval: { pin: string; sale: Pick<Sale, 'id' | 'lines' | 'discount'>; approverId: string },
): Promise<SealedApproval> {
  const { approval_key: key } = await paymentSettingsOf(server, token);
  if (!key) throw new Error('the server answered no approval key');
  return sealApproval(key, {
    pin: approval.pin,
    saleId: approval.sale.id,
    approverId: approval.approverId,
    digest: await approvalDigest(approval.sale),
  });
}
