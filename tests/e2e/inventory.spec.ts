import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import {
  gridCell,
  gridCellPoint,
  gridHeaderPoint,
  screenshot,
  serverApi,
  signIn,
} from './helpers.ts';
import {
  LATE_IN_THE_ALPHABET,
  LIST_PRICE,
  money,
  openInventory,
  openRowMenu,
  PRODUCT,
  resultCount,
  searchFor,
  WIDTHS,
} from './inventory-grid.ts';

test.describe('inventory', () => {
  test('shows the demo catalogue, searches, and says when nothing matches', async ({ page }) => {
    await openInventory(page);
    const total = await page
      .locator('.summary-card', { hasText: 'Total Products' })
      .locator('.summary-card__value')
      .textContent();
    expect(Number(total)).toBeGreaterThanOrEqual(150);
    await expect(page.getByText(`Showing 1 to 10 of ${total} results`)).toBeVisible();
    await expect(gridCell(page, PRODUCT, 0)).not.toHaveText('');

    const search = page.getByPlaceholder('Search products, producers, regions...');
    await search.fill('penfolds');
    await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible();
    await expect(gridCell(page, 2, 0)).toHaveText('Penfolds');
    await search.fill('zzzz');
    await expect(page.getByText('No products found for "zzzz".')).toBeVisible();
  });

  test('sorts by a header click and toggles the direction', async ({ page }) => {
    await openInventory(page);
    const header = page.locator('.inventory-grid th', { hasText: 'Product Name' });
    await expect(header).toHaveText('▲ Product Name');
    const first = await gridCell(page, PRODUCT, 0).textContent();
    const point = await gridHeaderPoint(page, WIDTHS, PRODUCT);
    await page.mouse.click(point.x, point.y);
    await expect(header).toHaveText('▼ Product Name');
    await expect(gridCell(page, PRODUCT, 0)).not.toHaveText(first ?? '');
    await page.mouse.click(point.x, point.y);
    await expect(header).toHaveText('▲ Product Name');
    await expect(gridCell(page, PRODUCT, 0)).toHaveText(first ?? '');
  });

  test('a product name too long for its column shows whole on hover', async ({ page }) => {
    await openInventory(page);
    const names = await Promise.all(
      Array.from({ length: 10 }, (_, row) => gridCell(page, PRODUCT, row).textContent()),
    );
    // The demo catalogue's longest name on the first page: wider than the column's 180 px.
    const longest = names.reduce((a, b) => ((b ?? '').length > (a ?? '').length ? b : a)) ?? '';
    expect(longest.length).toBeGreaterThan(30);
    const point = await gridCellPoint(page, WIDTHS, PRODUCT, names.indexOf(longest));
    await page.mouse.move(point.x, point.y);
    await expect(page.getByRole('tooltip')).toHaveText(longest);
    const short = names.find((name) => (name ?? '').length < 18);
    if (short) {
      const shortPoint = await gridCellPoint(page, WIDTHS, PRODUCT, names.indexOf(short));
      await page.mouse.move(shortPoint.x, shortPoint.y);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
    }
  });

  test('page size and pagination', async ({ page }) => {
    await openInventory(page);
    await page.getByLabel('Show:').selectOption('25');
    await expect(page.getByText(/^Showing 1 to 25 of [\d,]+ results$/)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 26 to 50 of [\d,]+ results$/)).toBeVisible();
    await expect(gridCell(page, 0, 0)).toHaveText('26');
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(page.getByText(/^Showing 1 to 25 of [\d,]+ results$/)).toBeVisible();
  });

  test("a product name opens the detail with the product's SKU and the pricing; Escape closes it", async ({
    page,
  }) => {
    await openInventory(page);
    const name = (await gridCell(page, PRODUCT, 0).textContent()) ?? '';
    const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    const { sku } = await (await serverApi(page)).product(name);
    expect(sku).toMatch(/^VIN-\d+$/);
    await expect(dialog.getByText(`SKU: ${sku}`, { exact: true })).toBeVisible();
    for (const term of [
      'Base Cost (LUC)',
      'GST',
      'Total Cost',
      'List Price',
      'Margin %',
      'Markup',
    ]) {
      await expect(dialog.getByText(term, { exact: true })).toBeVisible();
    }
    await screenshot(page, 'inventory-detail-desktop');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back to the grid, so the keyboard user carries on where they were.
    expect(
      await page.evaluate(() =>
        document.querySelector('.inventory-grid')?.contains(document.activeElement),
      ),
    ).toBe(true);
  });

  test("the detail shows each product's own wine, or a dash where it has none", async ({
    page,
  }) => {
    await openInventory(page);
    const api = await serverApi(page);
    const open = async (name: string) => {
      await searchFor(page, name);
      await expect(gridCell(page, PRODUCT, 0)).toHaveText(name);
      const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
      await page.mouse.click(point.x, point.y);
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      const { sku } = await api.product(name);
      await expect(dialog.getByText(`SKU: ${sku}`, { exact: true })).toBeVisible();
      const facts = async () =>
        Object.fromEntries(
          await dialog
            .locator('.facts__row')
            .evaluateAll((rows) =>
              rows.map((row) => [
                row.querySelector('dt')?.textContent ?? '',
                row.querySelector('dd')?.textContent ?? '',
              ]),
            ),
        ) as Record<string, string>;
      const section = (title: string) =>
        dialog.getByRole('heading', { name: title }).locator('xpath=following-sibling::*[1]');
      return { dialog, facts, section };
    };

    const whisky = await open('Ardbeg 10 Year Old');
    expect(await whisky.facts()).toMatchObject({
      Country: 'Scotland',
      Vintage: '—',
      Type: 'Spirit',
      'Grape Varieties': '—',
      Alcohol: '46 %',
      'Bottle Size': '700 ml',
      'Serving Temp': 'Room temperature',
    });
    await expect(whisky.section('Tasting Notes')).toHaveText('Not recorded for this product.');
    await screenshot(page, 'inventory-detail-whisky-desktop');
    await page.keyboard.press('Escape');

    const sparkling = await open('Bollinger Special Cuvée NV');
    expect(await sparkling.facts()).toMatchObject({
      Vintage: 'NV',
      Type: 'Sparkling',
      Alcohol: '12 %',
      'Bottle Size': '750 ml',
      'Serving Temp': '6–8 °C',
    });
    await expect(sparkling.section('Food Pairing')).toHaveText('Oysters, canapés');
    await page.keyboard.press('Escape');

    const glass = await open('Riedel Vinum Bordeaux Glass (Pair)');
    expect(await glass.facts()).toMatchObject({
      Vintage: '—',
      Type: '—',
      'Grape Varieties': '—',
      Alcohol: '—',
      'Bottle Size': '—',
      'Serving Temp': '—',
    });
    for (const title of ['Tasting Notes', 'Food Pairing', 'Rating']) {
      await expect(glass.section(title)).toHaveText('Not recorded for this product.');
    }
    await page.keyboard.press('Escape');
  });

  test("Analytics shows a product's own sales once it has some", async ({ page }) => {
    await openInventory(page);
    const api = await serverApi(page);
    const name = 'Hendrick’s Orbium';
    const { id } = await api.product(name);
    const receipt = `T9-${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const sold = await page.request.post('/api/v1/sales', {
      headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        id: crypto.randomUUID(),
        receipt,
        made_at: new Date().toISOString(),
        lines: [
          { product_id: id, quantity: 2, unit_cents: 7_499, luc_cents: 5_000, taxable: true },
        ],
        tenders: [{ kind: 'card', cents: 14_998 }],
        total_cents: 14_998,
        gst_cents: 1_363,
      },
    });
    expect(sold.status()).toBe(201);
    await searchFor(page, name);
    const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('tab', { name: 'Analytics' }).click();
    const units = dialog
      .getByText('Units Sold', { exact: true })
      .locator('xpath=following-sibling::dd');
    await expect(units).toHaveText(/^\d+$/);
    expect(Number(await units.textContent())).toBeGreaterThanOrEqual(2);
    await expect(dialog.getByRole('list', { name: 'Units sold by month' })).toBeVisible();
    await expect(dialog.getByText('No sales recorded yet')).toHaveCount(0);
    await screenshot(page, 'inventory-detail-analytics-desktop');
  });

  test('prints a page of labels for the rows a search leaves, one each, in the table order', async ({
    page,
  }) => {
    await openInventory(page);
    await searchFor(page, 'Shiraz');
    const matched = await resultCount(page);
    expect(matched).toBeGreaterThan(1);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: `Print labels: ${matched} products` });
    await expect(dialog).toBeVisible();
    await expect(page.locator('.print-sheet .shelf-label')).toHaveCount(matched);
    await expect(page.locator('.print-sheet .shelf-label__name').first()).toHaveText(
      (await gridCell(page, PRODUCT, 0).textContent()) ?? '',
    );
    await dialog.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-sheet')).toBeVisible();
    await screenshot(page, 'inventory-labels-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('exports the rows the table shows: its columns as CSV, every field as a workbook', async ({
    page,
  }) => {
    await openInventory(page);
    await searchFor(page, 'Shiraz');
    const matched = await resultCount(page);
    const firstName = (await gridCell(page, PRODUCT, 0).textContent()) ?? '';

    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export products' });
    await expect(
      dialog.getByText(`The ${matched} products the table shows, in its order.`),
    ).toBeVisible();
    await expect(dialog.getByLabel('The columns shown, in their order')).toBeChecked();
    await expect(dialog.getByLabel('CSV')).toBeChecked();
    await screenshot(page, 'inventory-export-dialog');
    const [csvFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(csvFile.suggestedFilename()).toMatch(/^vintry-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await csvFile.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [headings = [], ...lines] = Papa.parse<string[]>(csv.slice(1), {
      skipEmptyLines: true,
    }).data;
    // The grid's headings, and a line for each row it shows, in its order.
    expect(headings).toContain('Product Name');
    expect(lines).toHaveLength(matched);
    expect(lines[0]?.[headings.indexOf('Product Name')]).toBe(firstName);
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Exported ${matched} products`)).toBeVisible();

    await page.getByRole('button', { name: 'Export' }).click();
    await dialog.getByLabel('Every field (to import again)').check();
    await dialog.getByLabel('Excel (.xlsx)').check();
    const [xlsxFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
    const [sheet] = await readXlsxFile((await xlsxFile.path()) ?? '');
    const rows = sheet?.data ?? [];
    expect(rows[0]?.slice(0, 3)).toEqual(['Product name', 'Producer/Brand', 'Category']);
    expect(rows).toHaveLength(matched + 1);
    expect(rows[1]?.[0]).toBe(firstName);
    // Money is a number in the workbook, for the spreadsheet to add up.
    const listPrice = (rows[0] ?? []).indexOf('List price');
    expect(typeof rows[1]?.[listPrice]).toBe('number');

    // A row's own Export: the product and, from the server, its stock movements.
    await openRowMenu(page, 0);
    const [productFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export' }).click(),
    ]);
    const productText = readFileSync((await productFile.path()) ?? '', 'utf8');
    expect(productText).toContain(firstName);
    expect(productText).toContain('\r\nMovements\r\nDate,Change,Stock after,Reason,Note,By\r\n');

    for (const [width, height] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: 'Export' }).click();
      await expect(dialog).toBeVisible();
      await screenshot(page, `inventory-export-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test('inline edit of LUC changes the margin', async ({ page }) => {
    await openInventory(page);
    const name = (await gridCell(page, PRODUCT, 0).textContent()) ?? '';
    await openRowMenu(page, 0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: `Edit ${name}` });
    const listPrice = Number(await editor.getByLabel('List Price').inputValue());
    const luc = editor.getByLabel('LUC (Landed Unit Cost)');
    await expect(luc).toHaveAttribute('step', '0.01');
    const newLuc = (listPrice / 2).toFixed(2);
    await luc.fill(newLuc);
    await luc.press('Enter');
    await expect(editor).toBeHidden();
    await expect(gridCell(page, 6, 0)).toHaveText(`$${Number(newLuc).toFixed(2)}`);

    const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name });
    const gst = Number(
      (
        await dialog
          .getByText('GST', { exact: true })
          .locator('xpath=following-sibling::dd')
          .textContent()
      )?.replace(/[$,]/g, ''),
    );
    const expected = ((listPrice - (Number(newLuc) + gst)) / listPrice) * 100;
    await expect(
      dialog.getByText('Margin %', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText(`${expected.toFixed(2)}%`);
  });

  test('duplicate and delete, with the dialog and the alert', async ({ page }) => {
    await openInventory(page);
    const total = Number(
      await page
        .locator('.summary-card', { hasText: 'Total Products' })
        .locator('.summary-card__value')
        .textContent(),
    );
    await searchFor(page, LATE_IN_THE_ALPHABET);
    await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
    const name = (await gridCell(page, PRODUCT, 0).textContent()) ?? '';
    await openRowMenu(page, 0);
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(gridCell(page, PRODUCT, 1)).toHaveText(`${name} (Copy)`);
    await expect(page.getByText('Showing 1 to 3 of 3 results')).toBeVisible();
    await expect(
      page.locator('.summary-card', { hasText: 'Total Products' }).locator('.summary-card__value'),
    ).toHaveText(String(total + 1));

    await openRowMenu(page, 1);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Product?' });
    await expect(dialog).toContainText(
      `Are you sure you want to delete ${name} (Copy)? This action cannot be undone.`,
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} (Copy) deleted successfully!`)).toBeVisible();
    await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();

    await openRowMenu(page, 0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('an edit, a duplicate and a delete last: after a reload and on a second browser', async ({
    page,
    browser,
  }) => {
    const indicator = page.getByRole('button', { name: /Show pending changes$/ });
    const delivered = () => expect(indicator).toHaveText('Online', { timeout: 20_000 });
    await openInventory(page);
    await searchFor(page, LATE_IN_THE_ALPHABET);
    const name = (await gridCell(page, PRODUCT, 0).textContent()) ?? '';
    const before = Number(
      (await gridCell(page, LIST_PRICE, 0).textContent())?.replace(/[$,]/g, ''),
    );
    const price = (before + 1.25).toFixed(2);

    await openRowMenu(page, 0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: `Edit ${name}` });
    await editor.getByLabel('List Price').fill(price);
    await editor.getByLabel('List Price').press('Enter');
    await expect(editor).toBeHidden();
    await delivered();

    await openRowMenu(page, 0);
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(gridCell(page, PRODUCT, 1)).toHaveText(`${name} (Copy)`);
    await delivered();

    await page.reload();
    await searchFor(page, LATE_IN_THE_ALPHABET);
    await expect(gridCell(page, LIST_PRICE, 0)).toHaveText(money(Number(price)));
    await expect(gridCell(page, PRODUCT, 1)).toHaveText(`${name} (Copy)`);
    await expect(gridCell(page, LIST_PRICE, 1)).toHaveText(money(Number(price)));

    // View History: the edit, newest first, with who made it and the price before and after.
    await openRowMenu(page, 0);
    await page.getByRole('menuitem', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: `History: ${name}` });
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText(/^Changed .+ by Demo Owner/);
    await expect(latest.getByRole('row', { name: /^List price/ })).toHaveText(
      `List price${money(before)}${money(Number(price))}`,
    );
    await screenshot(page, 'product-history-desktop');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    const other = await browser.newContext();
    const second = await other.newPage();
    try {
      await openInventory(second);
      await searchFor(second, LATE_IN_THE_ALPHABET);
      await expect(gridCell(second, LIST_PRICE, 0)).toHaveText(money(Number(price)));
      await expect(gridCell(second, PRODUCT, 1)).toHaveText(`${name} (Copy)`);

      await openRowMenu(page, 1);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete Product?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByText(`${name} (Copy) deleted successfully!`)).toBeVisible();
      await delivered();
      await page.reload();
      await searchFor(page, LATE_IN_THE_ALPHABET);
      await expect(gridCell(page, PRODUCT, 1)).not.toHaveText(`${name} (Copy)`);
      // The second browser holds the catalogue: it asks only for what changed since.
      const asked: string[] = [];
      second.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await second.reload();
      await searchFor(second, LATE_IN_THE_ALPHABET);
      await expect(gridCell(second, PRODUCT, 0)).toHaveText(name);
      await expect(gridCell(second, PRODUCT, 1)).not.toHaveText(`${name} (Copy)`);
      expect(asked).toContain('/api/v1/changes');
      expect(asked).not.toContain('/api/v1/inventory/enhanced');
    } finally {
      await other.close();
    }
  });

  test('a reload shows the stored catalogue before the network answers', async ({ page }) => {
    await openInventory(page);
    const name = await gridCell(page, PRODUCT, 0).textContent();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // No answer from the server at all until the rows are on screen: the session, the pull of
    // changes, the preferences and a full download alike wait, so the rows can only come from
    // the device. (How fast they come is measured by the inventory benchmark.)
    const asked: string[] = [];
    await page.route('**/api/v1/**', async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(gridCell(page, PRODUCT, 0)).toHaveText(name ?? '');
    await expect(page.getByText('Loading inventory data and preferences...')).toBeHidden();
    // The device did ask (its pull of changes), and was answered only now.
    expect(asked).toContain('/api/v1/changes');
    release();
  });

  for (const [size, width, height] of [
    ['desktop', 1280, 800],
    ['tablet', 1024, 768],
    ['phone', 390, 844],
  ] as const) {
    test(`inventory at ${size} size`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signIn(page);
      await page.goto('/inventory');
      await expect(page.getByText(/^Showing 1 to 10 of [\d,]+ results$/)).toBeVisible();
      await expect(gridCell(page, PRODUCT, 0)).not.toHaveText('');
      await screenshot(page, `inventory-${size}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await page
        .locator('#main-content')
        .evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await screenshot(page, `inventory-${size}-bottom`);

      // Add Inventory: the form fits, its figures follow the prices.
      await page.getByRole('tab', { name: 'Add Inventory' }).click();
      const form = page.getByRole('form', { name: 'Add Product' });
      await form.getByLabel('LUC (Landed Unit Cost)').fill('20');
      await form.getByLabel('List Price').fill('44');
      await expect(form.getByRole('definition')).toHaveText(['$22.00', '50.00%', '$22.00']);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      await form.getByRole('definition').first().scrollIntoViewIfNeeded();
      await screenshot(page, `add-inventory-${size}`);
    });
  }
});
