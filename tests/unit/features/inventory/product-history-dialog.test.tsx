import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '#data/session.ts';
import {
  HISTORY_TEXT,
  ProductHistoryDialog,
} from '#features/inventory/components/product-history-dialog.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(async () => {
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

function serveHistory(answer: () => Response) {
  const asked: string[] = [];
  mockServer.use(
    http.get('*/api/v1/catalogue/products/:id/history', ({ params }) => {
      asked.push(String(params.id));
      return answer();
    }),
  );
  return asked;
}

function open(props: Partial<Parameters<typeof ProductHistoryDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithQuery(
    <ProductHistoryDialog
      productId={12}
      productName="Grange 2018"
      hasUnsyncedChanges={false}
      online
      onClose={onClose}
      {...props}
    />,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'History: Grange 2018' }) };
}

describe('View History', () => {
  it('lists the changes newest first: when, who, each field before and after', async () => {
    const asked = serveHistory(() =>
      HttpResponse.json({
        changes: [
          {
            at: '2026-11-20T03:15:00.000Z',
            kind: 'update',
            by: 'Dana Demo',
            version: 2,
            fields: { list_price: ['950.00', '990.00'], supplier: [null, 'Cellar Co'] },
          },
          {
            at: '2026-11-19T22:00:00.000Z',
            kind: 'create',
            by: null,
            version: 1,
            fields: { name: [null, 'Grange 2018'] },
          },
        ],
      }),
    );
    const { dialog } = open();
    const entries = await within(dialog).findAllByRole('listitem');
    expect(asked).toEqual(['12']);
    expect(entries).toHaveLength(2);
    const [latest, first] = entries as [HTMLElement, HTMLElement];
    expect(latest.textContent).toMatch(/^Changed .+ by Dana Demo/);
    const rows = within(latest)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'FieldBeforeAfter',
      'List price$950.00$990.00',
      'Supplier(empty)Cellar Co',
    ]);
    expect(first.textContent).toMatch(/^Created /);
    expect(first.textContent).toContain(`by ${HISTORY_TEXT.formerMember}`);
  });

  it('says so when nothing was recorded yet', async () => {
    serveHistory(() => HttpResponse.json({ changes: [] }));
    const { dialog } = open();
    expect((await within(dialog).findByText(HISTORY_TEXT.empty)).tagName).toBe('P');
  });

  it('does not ask for a product that exists on this device only', () => {
    const asked = serveHistory(() => HttpResponse.json({ changes: [] }));
    const { dialog } = open({ productId: -3 });
    expect(within(dialog).getByText(HISTORY_TEXT.notSynced).tagName).toBe('P');
    expect(asked).toEqual([]);
  });

  it('offline: says it needs the server, and Try again asks again', async () => {
    let reachable = false;
    const asked = serveHistory(() =>
      reachable ? HttpResponse.json({ changes: [] }) : HttpResponse.error(),
    );
    const { dialog } = open({ online: false, hasUnsyncedChanges: true });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(HISTORY_TEXT.offline);
    expect(within(dialog).getByText(HISTORY_TEXT.unsynced).tagName).toBe('P');
    reachable = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect((await within(dialog).findByText(HISTORY_TEXT.empty)).tagName).toBe('P');
    expect(asked).toHaveLength(2);
  });

  it('closes on Escape and on Close', async () => {
    serveHistory(() => HttpResponse.json({ changes: [] }));
    const { onClose, dialog } = open();
    await userEvent.keyboard('{Escape}');
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closes[closes.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
