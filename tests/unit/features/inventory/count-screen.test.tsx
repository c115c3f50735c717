import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import type { StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import {
  COUNT_TEXT,
  CountScreen,
} from '#features/inventory/components/stocktakes/count-screen.tsx';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

const count = (scan_mode: 'scan' | 'type', category: string | null = null): StocktakeSummary => ({
  id: '7a1c7a4e-4a1b-4a57-9a0e-2f1f3c1e9b10',
  name: 'Cellar count',
  scope: 'partial',
  category,
  search: null,
  scan_mode,
  status: 'open',
  started_at: '2026-11-23T09:00:00.000Z',
  started_by: null,
  closed_at: null,
  products: 0,
  counted: 0,
});

const catalogue = [
  inventoryItem(5, { product: 'Grange 2018', sku: 'VIN-000005', barcode: '9300727001234' }),
  inventoryItem(6, { product: 'Grange 2019', sku: 'VIN-000006', barcode: '9300727001234' }),
  inventoryItem(7, {
    product: 'Hill of Grace',
    sku: 'VIN-000007',
    barcode: '9300727005678',
    category: 'Red Wine',
  }),
  inventoryItem(8, {
    product: 'Ardbeg 10 Year Old',
    sku: 'VIN-000008',
    barcode: '5010494560008',
    category: 'Whisky',
  }),
  // Added on this device, not on the server yet.
  inventoryItem(-77, { product: 'Cellar Door Rosé' }),
];

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

const renderScreen = (mode: 'scan' | 'type', category: string | null = null) =>
  render(
    <CountScreen
      stocktake={count(mode, category)}
      catalogue={catalogue}
      online={false}
      onReview={() => {}}
      onBack={() => {}}
    />,
  );
const scan = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  const field = screen.getByLabelText('Scan or search');
  await user.clear(field);
  await user.type(field, `${code}{Enter}`);
};

describe('counting', () => {
  it('with each scan adding 1: a scanned code counts one more each time, kept on the tablet', async () => {
    const user = userEvent.setup();
    renderScreen('scan');
    await scan(user, '9300727005678');
    await scan(user, '9300727005678');
    expect(await screen.findByText('Hill of Grace: 2 counted')).toBeTruthy();
    expect(await db.countLines.toArray()).toMatchObject([{ productId: 7, quantity: 2 }]);
    expect(screen.getByText(COUNT_TEXT.rule)).toBeTruthy();
  });

  it('a code two vintages share asks which; a typed quantity replaces the count', async () => {
    const user = userEvent.setup();
    renderScreen('type');
    await scan(user, '9300727001234');
    const matches = screen.getByRole('list', { name: 'Matching products' });
    expect(within(matches).getAllByRole('button')).toHaveLength(2);
    await user.click(within(matches).getByRole('button', { name: /Grange 2019/ }));
    await user.type(screen.getByLabelText('Counted'), '12');
    await user.click(screen.getByRole('button', { name: 'One less' }));
    await user.click(screen.getByRole('button', { name: 'Save count' }));
    expect(await screen.findByText('Grange 2019: 11 counted')).toBeTruthy();
    expect(await db.countLines.toArray()).toMatchObject([{ productId: 6, quantity: 11 }]);
  });

  it('refuses a typed count that is not a whole number, keeping it', async () => {
    const user = userEvent.setup();
    renderScreen('type');
    await scan(user, 'VIN-000007');
    await user.type(screen.getByLabelText('Counted'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save count' }));
    expect(screen.getByRole('alert').textContent).toBe(COUNT_TEXT.quantity);
    expect((screen.getByLabelText('Counted') as HTMLInputElement).value).toBe('2.5');
    expect(await db.countLines.count()).toBe(0);
  });

  it('does not count a product that has not reached the server, and says why', async () => {
    const user = userEvent.setup();
    renderScreen('scan');
    await scan(user, 'Cellar Door');
    await user.click(screen.getByRole('button', { name: /Cellar Door Rosé/ }));
    expect(screen.getByText(COUNT_TEXT.notSynced)).toBeTruthy();
    expect(await db.countLines.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderScreen('scan');
    await scan(user, 'Nothing like it');
    expect(screen.getByText(SCAN_TEXT.notFound)).toBeTruthy();
  });

  it('asks before counting a product outside a partial count of one category', async () => {
    const user = userEvent.setup();
    renderScreen('scan', 'Whisky');
    await scan(user, '9300727005678'); // Hill of Grace, a red wine
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain(
      'Hill of Grace is in Red Wine, outside this count of Whisky.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.countLines.count()).toBe(0);

    await scan(user, '5010494560008'); // the whisky: counted at once
    expect(await screen.findByText('Ardbeg 10 Year Old: 1 counted')).toBeTruthy();
    await scan(user, '9300727005678');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Count it' }),
    );
    expect(await screen.findByText('Hill of Grace: 1 counted')).toBeTruthy();
    expect(await db.countLines.count()).toBe(2);
  });

  it('takes the Counted box away when a new code or search comes, so nothing is typed against the wrong bottle', async () => {
    const user = userEvent.setup();
    renderScreen('type');
    await scan(user, '9300727005678');
    expect(screen.getByText('Hill of Grace', { selector: 'p' })).toBeTruthy();
    await user.type(screen.getByLabelText('Counted'), '4');
    await scan(user, '0000000000000'); // a misread
    expect(screen.queryByLabelText('Counted')).toBeNull();
    await scan(user, 'Ardbeg');
    expect(screen.queryByLabelText('Counted')).toBeNull();
    expect(await db.countLines.count()).toBe(0);
  });
});
