import { type Browser, expect, type Page, test } from '@playwright/test';
import { BUYER, RECEIVER } from './e2e-env.ts';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Buying and receiving in a business of its own: the owner orders from the reorder suggestions,
 * then the delivery is received offline on two tablets — the owner's scans cases, the staff
 * member's bottles — and posted: stock and LUC as worked out by hand below, the Shiraz's margin
 * change flagged with the price that keeps it, and the order on the product's Stock & Orders.
 */
const SHIRAZ = 'Barossa Ridge Shiraz';
const GIN = 'Harbour Navy Gin';
const SHIRAZ_BOTTLE = '9312345000012';
/** The carton's ITF-14: a GTIN-14 of indicator 1 over the bottle's code. */
const SHIRAZ_CASE = '19312345000019';

async function tablet(browser: Browser, account: typeof BUYER) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

async function scan(page: Page, code: string, said: RegExp) {
  await page.getByLabel('Scan or search').fill(code);
  await page.getByLabel('Scan or search').press('Enter');
  await expect(page.getByText(said)).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name }).first();

test('ordered from suggestions, received offline on two tablets, posted: stock, LUC and margin as worked by hand', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await tablet(browser, BUYER);
  const b = await tablet(browser, RECEIVER);
  try {
    const server = await serverApi(a.page, BUYER);
    const call = async (path: string, data: unknown) => {
      const response = await a.page.request.post(`/api/v1${path}`, {
        headers: server.headers,
        data,
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    };
    // Two products of one supplier under their reorder points: 4 Shiraz (point 6, LUC $9.00,
    // cases of 12), 1 gin (point 2, LUC $48.00).
    for (const fields of [
      {
        name: SHIRAZ,
        luc: '9.00',
        list_price: '20.00',
        tax_category: 'gst10',
        supplier: 'Cellar Direct',
        barcode: SHIRAZ_BOTTLE,
        case_barcode: SHIRAZ_CASE,
        case_size: '12',
        reorder_point: '6',
        reorder_quantity: '24',
      },
      {
        name: GIN,
        luc: '48.00',
        list_price: '80.00',
        tax_category: 'gst10',
        supplier: 'Cellar Direct',
        reorder_point: '2',
        reorder_quantity: '6',
      },
    ]) {
      const { id } = (await call('/catalogue/products', { fields })) as { id: number };
      await call(`/stock/products/${id}/movements`, {
        id: crypto.randomUUID(),
        delta: fields.name === SHIRAZ ? 4 : 1,
        reason: 'Other',
        made_at: new Date().toISOString(),
      });
    }

    // The owner's suggestions: both, with the supplier; the Shiraz raised to 3 cases.
    await a.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Purchasing' })
      .click();
    await expect(a.page.getByRole('heading', { name: 'Cellar Direct · $504.00' })).toBeVisible({
      timeout: 20_000,
    });
    await a.page.getByLabel(`Units of ${SHIRAZ}`).fill('36');
    await expect(a.page.getByRole('heading', { name: 'Cellar Direct · $612.00' })).toBeVisible();
    await screenshot(a.page, 'purchasing-suggestions-desktop');
    await a.page.getByRole('button', { name: 'Create draft orders' }).click();
    await expect(a.page.getByRole('tab', { name: 'Purchase orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await a.page.getByRole('button', { name: 'PO-000001' }).click({ timeout: 20_000 });
    await expect(a.page.getByRole('heading', { name: 'PO-000001 · Cellar Direct' })).toBeVisible();
    await a.page.getByRole('button', { name: 'Mark as sent' }).click();
    await expect(a.page.locator('.status-badge', { hasText: 'Sent' })).toBeVisible({
      timeout: 20_000,
    });
    await a.page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(
      a.page.getByRole('heading', { name: 'Receiving: Cellar Direct · PO-000001' }),
    ).toBeVisible();

    // The staff member's tablet has the delivery through the pull, with no reload.
    await b.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Purchasing' })
      .click();
    await expect(b.page.getByRole('tab', { name: 'Reorder suggestions' })).toHaveCount(0);
    await b.page.getByRole('button', { name: 'No invoice yet' }).click({ timeout: 20_000 });
    await expect(
      b.page.getByRole('heading', { name: 'Receiving: Cellar Direct · PO-000001' }),
    ).toBeVisible();
    await expect(indicator(b.page)).toHaveText('Online', { timeout: 20_000 });

    // Offline, the owner scans two cases of Shiraz; the staff member two loose bottles, and
    // types the gin: 5 good, 1 broken.
    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await scan(a.page, SHIRAZ_CASE, /\+12 \(a case of 12\), 12 here/);
    await scan(a.page, SHIRAZ_CASE, /\+12 \(a case of 12\), 24 here/);
    await scan(b.page, SHIRAZ_BOTTLE, /\+1, 1 here/);
    await scan(b.page, SHIRAZ_BOTTLE, /\+1, 2 here/);
    await b.page.getByLabel(`Received here of ${GIN}`).fill('5');
    await b.page.getByLabel(`Damaged here of ${GIN}`).fill('1');
    await b.page.getByLabel(`Damaged here of ${GIN}`).press('Enter');
    await expect(row(b.page, GIN).getByRole('cell').nth(1)).toHaveText('5 + 1 damaged');
    await screenshot(b.page, 'purchasing-receiving-offline-desktop');
    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    for (const { page } of [a, b]) {
      await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
    }
    // Both tablets' counts add up on the owner's: 26 of 36 Shiraz, 5 gin and 1 damaged.
    await expect(row(a.page, SHIRAZ).getByRole('cell').nth(1)).toHaveText('26', {
      timeout: 20_000,
    });
    await expect(row(a.page, GIN).getByRole('cell').nth(1)).toHaveText('5 + 1 damaged');
    await expect(
      b.page.getByText('A manager or owner posts the delivery once it is counted.'),
    ).toBeVisible();

    // The owner types the invoice and posts it offline: it goes when the connection is back.
    await a.context.setOffline(true);
    // The invoice: Shiraz $286.00 (26 × $11.00), gin $300.00 (6 × $50.00), freight $20.00;
    // with 10 % GST on all of it, $666.60.
    await a.page.getByLabel(`Line cost of ${SHIRAZ}`).fill('286.00');
    await a.page.getByLabel(`Line cost of ${GIN}`).fill('300');
    await a.page.getByLabel('Invoice number').fill('CD-7781');
    await a.page.getByLabel('Freight').fill('20');
    await a.page.getByLabel('Invoice total (incl. GST)').fill('666.50');
    await expect(
      a.page.getByText('The lines, freight and GST come to $0.10 less than the invoice total.'),
    ).toHaveCount(0);
    await expect(
      a.page.getByText('The lines, freight and GST come to $0.10 more than the invoice total.'),
    ).toBeVisible();
    await a.page.getByLabel('Invoice total (incl. GST)').fill('666.60');
    await expect(
      a.page.getByText('The lines, freight and GST add up to the invoice total.'),
    ).toBeVisible();
    // Freight by value: $9.76 on the Shiraz, $10.24 on the gin. Shiraz: (4 × $9.00 + $295.76)
    // / 30 = $11.06, GST $1.11: margin (20 − 12.17) / 20 = 39.15 % (shown 39.1 %), down from
    // 50.5 %: flagged.
    // Gin: 5 of 6 billed units carry $310.24 × 5/6 = $258.53; (1 × $48.00 + $258.53) / 6 =
    // $51.09: margin 29.75 % from 34.0 %, within 5 points.
    await expect(row(a.page, SHIRAZ)).toContainText('$9.00 → $11.06');
    await expect(row(a.page, SHIRAZ)).toContainText('50.5% → 39.1%');
    await expect(row(a.page, SHIRAZ)).toHaveClass(/receiving-line--flagged/);
    await expect(row(a.page, GIN)).toContainText('$48.00 → $51.09');
    await expect(row(a.page, GIN)).toContainText('34.0% → 29.8%');
    await expect(row(a.page, GIN)).not.toHaveClass(/receiving-line--flagged/);
    // $12.17 ÷ (1 − 50.5 %) = $24.59, to the nearest 5 c: $24.60.
    await expect(
      a.page.getByText('A list price of $24.60 keeps the margin at 50.5%.'),
    ).toBeVisible();
    await screenshot(a.page, 'purchasing-receiving-desktop');

    await a.page.getByRole('button', { name: 'Post delivery' }).click();
    await expect(
      a.page.getByText(
        'Posted on this tablet: the stock and costs change when it reaches the server.',
      ),
    ).toBeVisible();
    expect((await server.product(SHIRAZ)).stock).toBe(4);
    await a.context.setOffline(false);
    await expect(a.page.getByRole('button', { name: 'Post delivery' })).toHaveCount(0, {
      timeout: 20_000,
    });
    const shiraz = await server.product(SHIRAZ);
    const gin = await server.product(GIN);
    expect([shiraz.stock, shiraz.luc]).toEqual([30, '11.06']);
    expect([gin.stock, gin.luc]).toEqual([6, '51.09']);
    // The staff member's tablet learns it was posted.
    await expect(b.page.getByText(/Posted /)).toBeVisible({ timeout: 20_000 });

    await a.page.getByRole('button', { name: 'Update the list price' }).click();
    await expect(a.page.getByText(`${SHIRAZ}: list price $24.60`)).toBeVisible();
    await expect
      .poll(async () => (await server.product(SHIRAZ)).listPrice, { timeout: 20_000 })
      .toBe('24.60');

    // The Shiraz's Stock & Orders: the order, partly received.
    await a.page.goto(`/inventory?product=${shiraz.id}`);
    const dialog = a.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Stock & Orders' }).click();
    // Its Recent Movements say where the stock came from; its Recent Orders list the order.
    await expect(
      dialog.getByRole('row').filter({ hasText: 'Received: Invoice CD-7781, PO-000001' }),
    ).toContainText('+26');
    const order = dialog.getByRole('row').filter({ hasText: 'Partly received · PO-000001' });
    await expect(order.getByRole('cell')).toHaveText(
      [/\d{4}-\d{2}-\d{2}/, '36', '$9.00', '$324.00', 'Partly received · PO-000001'],
      { timeout: 20_000 },
    );
    await dialog.getByRole('button', { name: 'View all orders' }).click();
    await expect(a.page.getByRole('tab', { name: 'Purchase orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
