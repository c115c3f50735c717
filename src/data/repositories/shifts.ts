import { type CloseShift, EMPTY_LEDGER, type ShiftLedger } from '#domains/sales/shifts.ts';
import { closeShiftWrite, openShiftWrite } from '#domains/sales/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { db, type ShiftMeta } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler } from '../sync/write-handler.ts';
import { storedTill, TILL_TEXT } from './tills.ts';

/**
 * The till's shift on this tablet: opened with a float, its ledger kept as sales and returns are
 * made here (in their own transactions, so nothing is counted twice or missed), closed with the
 * cash counted. Opening and closing go through the outbox, one after the other; both work
 * offline.
 */
export const SHIFT_RESOURCE = 'shifts';
export const SHIFT_TEXT = {
  alreadyOpen: 'A shift is already open on this till.',
  noneOpen: 'No shift is open on this till.',
} as const;

export async function openShiftHere(businessId: string): Promise<ShiftMeta | undefined> {
  const shift = await db.meta.get('shift');
  return shift?.key === 'shift' && shift.businessId === businessId ? shift : undefined;
}

/** The report of a closed shift, as the tablet shows and prints it. */
export interface ClosedShift {
  shift: ShiftMeta;
  close: CloseShift;
}

export async function openShift(businessId: string, floatCents: number): Promise<ShiftMeta> {
  return queueAndSend([db.outbox], async () => {
    if (await openShiftHere(businessId)) throw new Error(SHIFT_TEXT.alreadyOpen);
    const till = await storedTill(businessId);
    if (!till) throw new Error(TILL_TEXT.needsTill);
    const shift: ShiftMeta = {
      key: 'shift',
      businessId,
      id: crypto.randomUUID(),
      till: till.code,
      openedAt: new Date().toISOString(),
      floatCents,
      ledger: EMPTY_LEDGER,
    };
    await db.meta.put(shift);
    await queueWrite({
      resource: SHIFT_RESOURCE,
      ...writeRequest(openShiftWrite, {}),
      body: { id: shift.id, till: shift.till, opened_at: shift.openedAt, float_cents: floatCents },
      revert: null,
    });
    return shift;
  });
}

/**
 * Adds to the open shift's ledger, if one is open; answers its id for the sale or return to
 * name. Call it inside the transaction that queues the sale or the return.
 */
export async function countInShift(
  businessId: string,
  add: (ledger: ShiftLedger) => ShiftLedger,
): Promise<string | undefined> {
  const shift = await openShiftHere(businessId);
  if (!shift) return undefined;
  await db.meta.put({ ...shift, ledger: add(shift.ledger) });
  return shift.id;
}

export async function closeShift(businessId: string, countedCents: number): Promise<ClosedShift> {
  return queueAndSend([db.outbox], async () => {
    const shift = await openShiftHere(businessId);
    if (!shift) throw new Error(SHIFT_TEXT.noneOpen);
    const close: CloseShift = {
      closed_at: new Date().toISOString(),
      counted_cents: countedCents,
      ledger: shift.ledger,
    };
    await db.meta.delete('shift');
    await queueWrite({
      resource: SHIFT_RESOURCE,
      ...writeRequest(closeShiftWrite, { id: shift.id }),
      body: close,
      revert: null,
    });
    return { shift, close };
  });
}

const describeShift = (kind: string) => () => `Shift ${kind}`;

export const shiftHandlers = [
  defineWriteHandler({
    declaration: openShiftWrite,
    // Opening and closing go out in the order they were made.
    sendOrder: SHIFT_RESOURCE,
    async acknowledge() {},
    async revert() {},
    describe: describeShift('opened'),
    failureNotice: () => ({ kind: 'alert', text: 'The shift’s opening was not accepted.' }),
  }),
  defineWriteHandler({
    declaration: closeShiftWrite,
    sendOrder: SHIFT_RESOURCE,
    async acknowledge() {},
    async revert() {},
    describe: describeShift('closed'),
    failureNotice: () => ({ kind: 'alert', text: 'The shift’s close was not accepted.' }),
  }),
];
