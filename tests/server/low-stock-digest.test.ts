import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestPeriod, sendLowStockDigests } from '#server/alerts/low-stock-digest.ts';
import { silentLogger } from '#server/logger.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The low-stock digest: sent to the recipients a person listed, once a period however many
 * instances check at the same moment (on PostgreSQL too, `TEST_DATABASE_URL`), again the next
 * period, not at all with nothing low or no one to send to, and tried again when a mail failed.
 */
describe('the low-stock email digest', () => {
  let server: TestServer;
  let owner: string;
  let sent: MailMessage[];
  let failing = false;
  const check = () =>
    sendLowStockDigests({
      db: server.db,
      mailer: {
        send: async (message) => {
          if (failing) throw new Error('the mail server is away');
          sent.push(message);
        },
      },
      log: silentLogger,
      now: server.now,
    });
  const call = (method: string, path: string, body: unknown) =>
    server.call(method, `/api/v1${path}`, {
      token: owner,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const saveNotifications = async (notifications: Record<string, unknown>) => {
    const current = (await server.call('GET', '/api/v1/preferences/inventory-settings', {
      token: owner,
    })) as { body: Record<string, Record<string, unknown>> };
    const saved = await call('PUT', '/preferences/inventory-settings', {
      ...current.body,
      notifications: { ...current.body.notifications, ...notifications },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner } = await shopsWithStaff(server));
    const wine = (
      await call('POST', '/catalogue/products', { fields: { name: 'Digest Grenache', luc: '9' } })
    ).body as Product;
    await call('POST', `/stock/products/${wine.id}/movements`, {
      id: randomUUID(),
      delta: 3,
      reason: 'Received',
      made_at: new Date().toISOString(),
    });
  });
  beforeEach(() => {
    sent = [];
    failing = false;
  });
  afterAll(() => server.close());

  it('sends nothing while no one is listed to receive it', async () => {
    expect(await check()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('sends once a day to each recipient, however many instances check at once', async () => {
    await saveNotifications({
      lowStockFrequency: 'daily',
      lowStockRecipients: ['buyer@harbour.test', 'owner@harbour.test'],
    });
    await Promise.all([check(), check(), check()]);
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      'buyer@harbour.test',
      'owner@harbour.test',
    ]);
    expect(sent[0]?.subject).toBe('Low stock at Harbour Wines: 1 product');
    expect(sent[0]?.text).toContain('Digest Grenache: 3 available');
    await check();
    expect(sent).toHaveLength(2);
    // The next day: again.
    server.advance(24 * 3_600_000);
    await check();
    expect(sent).toHaveLength(4);
  });

  it('gives the period back when the mail fails, for the next check to send', async () => {
    server.advance(24 * 3_600_000);
    failing = true;
    await check();
    expect(sent).toEqual([]);
    failing = false;
    await check();
    expect(sent).toHaveLength(2);
  });

  it('keys each frequency’s period by the shop’s calendar', () => {
    const at = new Date('2026-11-29T14:30:00.000Z');
    // 1:30 am on Monday 30 November in Sydney.
    expect(digestPeriod('daily', at, 'Australia/Sydney')).toBe('day:2026-11-30');
    expect(digestPeriod('weekly', at, 'Australia/Sydney')).toBe('week:2026-11-30');
    expect(digestPeriod('weekly', at, 'UTC')).toBe('week:2026-11-23');
    expect(digestPeriod('immediately', at, 'UTC')).toBe('hour:2026-11-29T14');
  });
});
