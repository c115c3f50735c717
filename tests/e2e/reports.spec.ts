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
  await context.setOffline(false);
});
