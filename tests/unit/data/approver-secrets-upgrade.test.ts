import Dexie from 'dexie';
import { expect, it } from 'vitest';
import { VintryDatabase } from '#data/db.ts';

/**
 * A tablet that kept the approvers' PIN hashes (an earlier version gave them with the payment
 * settings) drops them when the app's database opens: names to choose from stay, nothing a PIN
 * could be guessed against.
 */
it('drops the PIN hashes an earlier version kept with the payment settings', async () => {
  const name = `vintry-approvers-${crypto.randomUUID()}`;
  const before = new Dexie(name);
  before.version(6).stores({ meta: 'key' });
  await before.table('meta').bulkPut([
    {
      key: 'payment-settings',
      businessId: 'b1',
      fetchedAt: 1,
      answer: {
        settings: { discountLimitPercent: 10 },
        approvers: [
          { user_id: 'u1', name: 'Mo', salt: 'c2FsdA==', hash: 'aGFzaA==', iterations: 100_000 },
        ],
      },
    },
    { key: 'till', businessId: 'b1', code: 'T2', sequence: 4 },
  ]);
  before.close();

  const after = new VintryDatabase(name);
  await after.open();
  const stored = await after.meta.get('payment-settings');
  expect(stored).toMatchObject({
    answer: {
      settings: { discountLimitPercent: 10 },
      approvers: [{ user_id: 'u1', name: 'Mo', locked: false }],
    },
  });
  expect(JSON.stringify(stored)).not.toMatch(/salt|hash|aGFzaA/);
  expect(await after.meta.get('till')).toMatchObject({ code: 'T2', sequence: 4 });
  after.close();
  await Dexie.delete(name);
});
