import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import {
  ACCOUNTS_RESOURCE,
  depositHeld,
  entriesShown,
  payOnAccount,
  shownEntries,
} from '#data/repositories/customer-accounts.ts';
import { SALES_RESOURCE } from '#data/repositories/sales.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { balanceOf } from '#domains/customers/account.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Offline: what is taken waits in the outbox, as the tablet leaves it.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
});

const CUSTOMER = { id: '7b0c6a53-5f7e-4b8e-9d6e-2f1f4c1f8a01', name: 'Larder Bistro' };
const ORDER = '0f7b3c2e-1a4d-4c6b-8e2f-9a1b2c3d4e5f';

describe('a customer account on the device', () => {
  it('counts a payment and a deposit taken offline at once, and sends each once', async () => {
    await db.accountEntries.put({
      id: 'stored-sale',
      customer_id: CUSTOMER.id,
      kind: 'sale',
      amount_cents: 30_000,
      made_at: '2026-11-20T01:00:00.000Z',
      receipt: 'T1-000001',
      customer_order_id: null,
      tender: null,
    });
    await payOnAccount('business-1', CUSTOMER, { cents: 12_000, tender: { kind: 'card' } });
    await payOnAccount('business-1', CUSTOMER, {
      cents: 2_500,
      tender: { kind: 'cash' },
      customer_order_id: ORDER,
    });
    const entries = await shownEntries(CUSTOMER.id);
    expect(entries.map((entry) => [entry.kind, entry.amount_cents])).toEqual([
      ['sale', 30_000],
      ['payment', -12_000],
      ['deposit', -2_500],
    ]);
    expect(balanceOf(entries)).toBe(15_500);
    expect(await depositHeld(CUSTOMER.id, ORDER)).toBe(2_500);
    const waiting = await db.outbox.where('resource').equals(ACCOUNTS_RESOURCE).toArray();
    expect(waiting.map((entry) => [entry.method, entry.path])).toEqual([
      ['POST', `/customers/${CUSTOMER.id}/payments`],
      ['POST', `/customers/${CUSTOMER.id}/payments`],
    ]);
    // Once the server's copy of a payment is here, it is counted once.
    const [first] = waiting;
    const body = first?.body as { id: string; made_at: string };
    await db.accountEntries.put({
      id: body.id,
      customer_id: CUSTOMER.id,
      kind: 'payment',
      amount_cents: -12_000,
      made_at: body.made_at,
      receipt: null,
      customer_order_id: null,
      tender: 'Card',
    });
    expect(balanceOf(await shownEntries(CUSTOMER.id))).toBe(15_500);
  });

  it('counts a sale on account still on its way, and no longer once it was refused', async () => {
    const sale = {
      id: 'sale-1',
      receipt: 'T1-000002',
      made_at: '2026-11-29T02:00:00.000Z',
      customer_id: CUSTOMER.id,
      tenders: [
        { kind: 'account', cents: 4_000 },
        { kind: 'card', cents: 1_000 },
      ],
    };
    const outboxEntry = (state: 'pending' | 'needs-attention') => ({
      seq: 1,
      id: 'entry-1',
      resource: SALES_RESOURCE,
      op: 'sale.record',
      method: 'POST',
      path: '/api/v1/sales',
      body: sale,
      revert: null,
      state,
      attempts: 0,
      createdAt: 0,
      schemaVersion: 1,
    });
    const counted = entriesShown(CUSTOMER.id, [], [], [outboxEntry('pending') as never]);
    expect(counted.map((entry) => [entry.kind, entry.amount_cents, entry.receipt])).toEqual([
      ['sale', 4_000, 'T1-000002'],
    ]);
    expect(entriesShown('someone-else', [], [], [outboxEntry('pending') as never])).toEqual([]);
    expect(entriesShown(CUSTOMER.id, [], [], [outboxEntry('needs-attention') as never])).toEqual(
      [],
    );
  });
});
