import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIFT_MESSAGES, type ShiftLedger } from '#domains/sales/shifts.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('till shifts', () => {
  let server: TestServer;
  let owner: string;
  let otherOwner: string;
  const ledger: ShiftLedger = {
    sales: 4,
    salesCents: 40_000,
    returns: 1,
    refundsCents: 2_000,
    gstCents: 3_455,
    discountsCents: 500,
    cashTakenCents: 25_000,
    cashRefundedCents: 2_000,
    tenders: [{ label: 'Card', takenCents: 15_000, refundedCents: 0 }],
  };
  const send = (token: string, path: string, body: unknown) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    owner = harbour.token;
    otherOwner = hilltop.token;
  });
  afterAll(() => server.close());

  it('opens once, closes once, and works out the cash expected and the variance', async () => {
    const id = randomUUID();
    const open = { id, till: 'T2', opened_at: new Date().toISOString(), float_cents: 20_000 };
    const opened = await send(owner, '/api/v1/sales/shifts', open);
    expect(opened.status).toBe(201);
    // Sent again under another key: answered as it was.
    expect(await send(owner, '/api/v1/sales/shifts', open)).toMatchObject({
      status: 201,
      body: opened.body,
    });
    // Another shop cannot close it.
    const close = { closed_at: new Date().toISOString(), counted_cents: 42_950, ledger };
    expect((await send(otherOwner, `/api/v1/sales/shifts/${id}/close`, close)).status).toBe(404);
    const closed = await send(owner, `/api/v1/sales/shifts/${id}/close`, close);
    expect(closed.status).toBe(200);
    // $200 float + $250 cash taken − $20 paid back = $430 expected; $429.50 counted: −$0.50.
    expect(closed.body).toMatchObject({
      float_cents: 20_000,
      expected_cents: 43_000,
      counted_cents: 42_950,
      variance_cents: -50,
    });
    // The same close again (its answer lost) is the same; another close is refused.
    expect((await send(owner, `/api/v1/sales/shifts/${id}/close`, close)).status).toBe(200);
    const again = await send(owner, `/api/v1/sales/shifts/${id}/close`, {
      ...close,
      closed_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SHIFT_MESSAGES.closed });
  });

  it('refuses a float or count that is not whole cents', async () => {
    const bad = await send(owner, '/api/v1/sales/shifts', {
      id: randomUUID(),
      till: 'T2',
      opened_at: new Date().toISOString(),
      float_cents: 10.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: SHIFT_MESSAGES.float });
  });
});
