import { formatReceiptNumber } from '#domains/sales/receipt-number.ts';
import { TillAnswerSchema } from '#domains/sales/sale.ts';
import { registerTillWrite } from '#domains/sales/writes.ts';
import { apiJson } from '../api-client.ts';
import { db, type TillMeta } from '../db.ts';
import { deviceId } from './stocktakes.ts';

/**
 * This tablet's till: its code, asked of the server once (online), and the sequence its receipt
 * numbers follow (domains/sales/receipt-number.ts). Sales, returns and shifts all number and
 * name themselves by it.
 */
export const TILL_TEXT = {
  needsTill:
    'This tablet has no till number yet: open the POS once online to get one, then it sells offline too.',
} as const;

/** The till this tablet has in a business (the signed-in person's), if it was given one. */
export async function storedTill(businessId: string): Promise<TillMeta | undefined> {
  const till = await db.meta.get('till');
  return till?.key === 'till' && till.businessId === businessId ? till : undefined;
}

/** The till code of this tablet: the stored one, else asked of the server (online). */
export async function ensureTill(businessId: string): Promise<TillMeta> {
  const known = await storedTill(businessId);
  if (known) return known;
  const { code } = await apiJson(registerTillWrite.route, TillAnswerSchema, {
    method: registerTillWrite.method,
    body: JSON.stringify({ device_id: await deviceId() }),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  const till: TillMeta = { key: 'till', businessId, code, sequence: 0 };
  // Asked again (another tab): the numbers already made here stay made.
  await db.transaction('rw', db.meta, async () => {
    const stored = await storedTill(businessId);
    await db.meta.put(stored?.code === code ? stored : till);
  });
  return (await storedTill(businessId)) ?? till;
}

/**
 * The next receipt number of this tablet's till, for a sale or a return: call it inside the
 * transaction that queues what it numbers, so a number is never given twice, even across tabs.
 */
export async function nextReceipt(businessId: string): Promise<string> {
  const till = await storedTill(businessId);
  if (!till) throw new Error(TILL_TEXT.needsTill);
  const sequence = till.sequence + 1;
  await db.meta.put({ ...till, sequence });
  return formatReceiptNumber(till.code, sequence);
}
