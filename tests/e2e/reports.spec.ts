import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { REPORTS_USER } from './e2e-env.ts';
import { appOnDevice, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * The reports as an owner uses them, in a shop of its own: a sale made on another till shows in
 * today's Sales Report with the GST it contains, its cost at sale and its margin; the report's
 * net sales are the dashboard's revenue to the cent; the CSV and XLSX exports hold the same total; the
 * Inventory Report values what is left and counts a damaged bottle as shrinkage; Customer
 * Analytics counts the sale's customer, new and a club member; and the Sales
 * Report viewed again offline shows with the time it was worked out.
 */
test('a sale shows in the Sales Report, agrees with the dashboard and the export, and is there offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, REPORTS_USER);
  await appOnDevice(page);

  // Another till sells two bottles of a wine at $24.99 that cost the shop $12.00 each.
  const api = await serverApi(page, REPORTS_USER);
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/v1${path}`, {
      headers: { ...api.headers, 'idempotency-key': randomUUID() },
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const { id } = (await post('/catalogue/products', {
    fields: { name: 'Report Test Grenache', luc: '12', list_price: '24.99', category: 'Red Wine' },
  })) as { id: number };
  const move = (delta: number, reason: string) =>
    post(`/stock/products/${id}/movements`, {
      id: randomUUID(),
      delta,
      reason,
      made_at: new Date().toISOString(),
    });
  await move(20, 'Received');
  const regular = randomUUID();
  await post('/customers', { id: regular, name: 'Rhonda Regular', tags: ['Wine club'] });
  await post('/sales', {
    id: randomUUID(),
    receipt: 'T7-000001',
    made_at: new Date().toISOString(),
    lines: [{ product_id: id, quantity: 2, unit_cents: 2_499 }],
    tenders: [{ kind: 'card', cents: 4_998 }],
    total_cents: 4_998,
    gst_cents: 454,
    customer_id: regular,
  });
  await move(-1, 'Damaged');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Reports' })
    .click();
  await page.getByRole('link', { name: 'Sales Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('today');
  await page.getByLabel('Group by').selectOption('product');
  const row = page.getByRole('row', { name: /Report Test Grenache/ });
  // $49.98 with $4.54 of GST in it, $24.00 of cost: $21.44 of gross profit, 47.2 % margin.
  await expect(row.getByRole('cell')).toHaveText([
    '1',
    '2',
    '$49.98',
    '—',
    '$49.98',
    '$4.54',
    '$24.00',
    '$21.44',
    '47.2%',
  ]);
  const figure = (label: string) =>
    page.locator('.report-figure', { hasText: label }).locator('.report-figure__value');
  await expect(figure('Net sales')).toHaveText('$49.98');
  await expect(figure('Margin')).toHaveText('47.2%');
  await screenshot(page, 'sales-report');

  // The export holds the same total.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv.split('\r\n').find((line) => line.startsWith('Total,'))).toBe(
    'Total,1,2,49.98,0.00,49.98,4.54,24.00,21.44,47.2',
  );

  // So does the workbook, with its figures as numbers.
  const [workbook] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  expect(workbook.suggestedFilename()).toMatch(/^sales-report-.*\.xlsx$/);
  const [sheet] = await readXlsxFile(
    await (await workbook.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks)),
  );
  expect(sheet?.sheet).toBe('Sales Report');
  expect(sheet?.data.find((row) => row[0] === 'Total')).toEqual([
    'Total',
    1,
    2,
    49.98,
    0,
    49.98,
    4.54,
    24,
    21.44,
    47.2,
  ]);

  // Grouped another way, the top products show beside the table: the wine, alone.
  await page.getByLabel('Group by').selectOption('category');
  const top = page.getByRole('region', { name: 'Top 1 product by net sales' });
  await expect(top.getByRole('row', { name: /Report Test Grenache/ }).getByRole('cell')).toHaveText(
    ['2', '$49.98', '47.2%'],
  );
  await expect(page.getByRole('region', { name: 'Bottom products' })).toContainText(
    'Every product sold (1) is in the top one: none is left for the bottom.',
  );
  await screenshot(page, 'sales-report-top-products');

  // The Inventory Report: 20 received, 2 sold, 1 damaged: 17 held at $12.00; the damaged one
  // is shrinkage.
  await page.getByRole('link', { name: 'Inventory Report' }).click();
  await page.getByLabel('Period', { exact: true }).selectOption('today');
  await expect(
    page.getByRole('region', { name: 'Stock by category' }).getByRole('row', { name: /Red Wine/ }),
  ).toContainText('$204.00');
  await expect(
    page.getByRole('region', { name: /^Shrinkage/ }).getByRole('row', { name: /Damaged/ }),
  ).toHaveText(/Damaged\s*1\s*\$12\.00/);
  await screenshot(page, 'inventory-report');

  // Customer Analytics: one customer bought, new, and a club member.
  await page.getByRole('link', { name: 'Customer Analytics' }).click();
  await page.getByLabel('Period', { exact: true }).selectOption('today');
  await expect(
    page
      .getByRole('region', { name: /^Top customers/ })
      .getByRole('row', { name: /Rhonda Regular/ }),
  ).toContainText('$49.98');
  await expect(
    page.locator('.report-figure', { hasText: 'New / returning' }).locator('.report-figure__value'),
  ).toHaveText('1 / 0');
  await expect(
    page
      .getByRole('region', { name: /Wine club members/ })
      .getByRole('row', { name: /who bought/ }),
  ).toContainText('$49.98');

  // The dashboard's revenue today is the report's net sales.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(
    page
      .getByRole('region', { name: "Today's Snapshot" })
      .locator('.dash-metric', { hasText: 'Revenue' })
      .locator('.dash-metric__value'),
  ).toHaveText('$49.98');

  // Offline, the report viewed before is there with the time it was worked out.
  await context.setOffline(true);
  await page.goto('/reports/sales?period=today&by=product');
  await expect(
    page.getByText(/Worked out .*; not current while the server cannot be reached/),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Report Test Grenache/ })).toContainText('$21.44');
  // And so are its top products, grouped the way they were shown.
  await page.goto('/reports/sales?period=today&by=category');
  await expect(
    page.getByRole('region', { name: 'Top 1 product by net sales' }).getByRole('row', {
      name: /Report Test Grenache/,
    }),
  ).toContainText('$49.98');
  await context.setOffline(false);
});

/**
 * A delivery received and posted on another device shows in the reports: its stock in the
 * Inventory Report (narrowed to its category, and not yet there at the end of yesterday) and
 * its GST in the GST summary; the Sales Report narrowed to a category shows that category's
 * sales alone and says so in its export.
 */
test('a delivery received shows in the reports, and the filters narrow them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, REPORTS_USER);
  await appOnDevice(page);
  const api = await serverApi(page, REPORTS_USER);
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const response = await page.request[method](`/api/v1${path}`, {
      headers: { ...api.headers, 'idempotency-key': randomUUID() },
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const { id } = (await call('post', '/catalogue/products', {
    fields: { name: 'Filter Test Riesling', luc: '9', list_price: '22', category: 'White Wine' },
  })) as { id: number };

  // The shop's today, as the Inventory Report's day of stock says it.
  await page.goto('/reports/inventory?period=today');
  const today = await page.getByLabel('Stock at the end of').inputValue();

  // Another device receives 12 at $9.00 ex GST and posts the invoice: $108.00 + $10.80 GST.
  const supplier = randomUUID();
  await call('post', '/suppliers', { id: supplier, name: 'Clare Valley Wholesale' });
  const delivery = randomUUID();
  await call('post', '/purchasing/deliveries', {
    id: delivery,
    supplier_id: supplier,
    started_at: new Date().toISOString(),
  });
  await call('put', `/purchasing/deliveries/${delivery}/counts`, {
    device_id: 'tablet-reports',
    lines: [{ product_id: id, received: 12, damaged: 0, counted_at: new Date().toISOString() }],
  });
  await call('put', `/purchasing/deliveries/${delivery}/invoice`, {
    invoice_number: 'INV-REPORTS-1',
    invoice_date: today,
    total_cents: 11_880,
    freight_cents: 0,
    costs: [{ product_id: id, line_cents: 10_800 }],
  });
  await call('post', `/purchasing/deliveries/${delivery}/post`, { accept_mismatch: false });

  // The Inventory Report narrowed to White Wine: the 12 received, at $9.00.
  await page.getByText('Filters', { exact: true }).click();
  await expect(page.getByLabel('Category', { exact: true }).locator('option')).toContainText([
    'White Wine',
  ]);
  await page.getByLabel('Category', { exact: true }).selectOption('White Wine');
  const stock = page.getByRole('region', { name: 'Stock by category' });
  await expect(stock.getByRole('row')).toHaveCount(3);
  await expect(stock.getByRole('row', { name: /White Wine/ })).toHaveText(
    /White Wine\s*1\s*12\s*\$108\.00\s*\$264\.00/,
  );
  await expect(page.getByText(/Filtered: Category White Wine/)).toBeVisible();
  // Its export holds the same figures.
  const [inventoryCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const inventoryLines = (
    await (
      await inventoryCsv.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'))
  ).split('\r\n');
  expect(inventoryLines).toContain('White Wine,1,12,108.00,264.00');
  // At the end of yesterday the wine was not yet in the catalogue.
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.getByLabel('Stock at the end of').fill(yesterday);
  await expect(page.getByText(/Stock as it stood at the end of/)).toBeVisible();
  await expect(stock).toContainText(
    'No products were in the catalogue then, or none match the filters.',
  );
  await expect(
    page
      .locator('.report-figure', { has: page.getByText('Stock at LUC', { exact: true }) })
      .locator('.report-figure__value'),
  ).toHaveText('$0.00');
  await screenshot(page, 'inventory-report-filtered');

  // The GST summary of today counts the delivery's GST paid.
  await page.goto('/reports/sales?period=today&by=category');
  await expect(page.getByText('GST paid on purchases (1 delivery posted)')).toBeVisible();
  await expect(page.locator('.facts__row', { hasText: 'GST paid on purchases' })).toContainText(
    '$10.80',
  );

  // Narrowed to Red Wine, the first journey's Grenache alone; to White Wine, no sale yet.
  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Category', { exact: true }).selectOption('Red Wine');
  await expect(page.getByRole('row', { name: /^Red Wine/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^White Wine/ })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  // (After the byte-order mark that tells Excel the file is UTF-8.)
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFSales Report,.*,By category,Category: Red Wine$/);
  // Grouping by tender counts whole sales: not offered while a product filter narrows.
  await expect(page.getByRole('option', { name: 'Tender', exact: true })).toBeDisabled();
  await page.getByLabel('Category', { exact: true }).selectOption('White Wine');
  await expect(page.getByText('No sales or returns in this period.')).toBeVisible();
});

/**
 * The reports on a phone, with the demo shop's figures (its stock at list price runs to
 * millions): every key figure on one line inside its card, the export and print buttons inside
 * theirs, and nothing wider than the screen.
 */
test.describe('the reports at phone size (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('every figure on one line, every button in its card, nothing wider than the screen', async ({
    page,
  }) => {
    await signIn(page);
    for (const path of [
      '/reports',
      '/reports/sales?period=last-30&by=category',
      '/reports/inventory?period=last-30',
      '/reports/analytics?period=last-30',
    ]) {
      await page.goto(path);
      await expect(page.locator('.report-figure__value').first()).toBeVisible({ timeout: 20_000 });
      const fit = await page.evaluate(() => {
        const lines = [...document.querySelectorAll('.report-figure__value')].map((value) => {
          const range = document.createRange();
          range.selectNodeContents(value);
          return { text: value.textContent, lines: range.getClientRects().length };
        });
        const outside = [...document.querySelectorAll('.report__actions .button')]
          .filter((button) => {
            const card = button.closest('.card')?.getBoundingClientRect();
            return card !== undefined && button.getBoundingClientRect().right > card.right + 0.5;
          })
          .map((button) => button.textContent);
        const wider = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        return { lines, outside, wider };
      });
      expect(
        fit.lines.filter((each) => each.lines !== 1),
        path,
      ).toEqual([]);
      expect(fit.outside, path).toEqual([]);
      expect(fit.wider, path).toBeLessThanOrEqual(0);
    }
  });
});
