import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { writeBarcodeVideo } from '../fixtures/barcode-image.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_DATA_DIR, SCAN_USER } from './e2e-env.ts';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Scanning in a business of its own: codes typed by a hardware scanner (keys, then Enter) and
 * read by the camera. The camera is Chromium's fake one, playing a picture of an EAN-13 code
 * that no product has yet; desktop Chromium has no BarcodeDetector, so the WebAssembly decoder
 * reads it.
 */
const SHIRAZ = { name: 'Scan Test Shiraz 2021', barcode: '9311111000010' };
const RIESLINGS = ['Scan Test Riesling 2022', 'Scan Test Riesling 2023'];
const RIESLING_BARCODE = '9311111000027';
const NEW_CODE = '9311111000034';
const PINOT = { name: 'Scan Test Pinot Noir 2022', barcode: '93111119' };
const CAMERA_CODE = '9311111000041';
const MERLOT = 'Scan Test Camera Merlot';

// The browser starts with this video as its camera, so it is written as this file loads.
const video = path.join(`${E2E_DATA_DIR}-camera`, 'ean13.y4m');
mkdirSync(path.dirname(video), { recursive: true });
writeBarcodeVideo(video, CAMERA_CODE);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await request.post('/api/v1/auth/login', {
    data: { email: SCAN_USER.email, password: SCAN_USER.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  // Made once: a worker started again after a failure runs this again on the same server.
  const existing = await request.get('/api/v1/inventory/enhanced', { headers });
  const names = JSON.stringify(await existing.json());
  const create = async (name: string, barcode: string) => {
    if (names.includes(`"${name}"`)) return;
    const response = await request.post('/api/v1/catalogue/products', {
      headers,
      data: {
        fields: { name, producer: 'Scan Test Estate', luc: 20, gst: 2, list_price: 40, barcode },
      },
    });
    expect(response.status(), name).toBe(201);
  };
  await create(SHIRAZ.name, SHIRAZ.barcode);
  for (const name of RIESLINGS) await create(name, RIESLING_BARCODE);
  await create(PINOT.name, PINOT.barcode);
  await request.dispose();
});

async function openScanProduct(page: Page) {
  await page.getByRole('button', { name: 'Scan Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan Product' });
  await expect(dialog.getByLabel('Scan or search')).toBeFocused();
  return dialog;
}

/** A hardware scanner: the code's keys at once, then Enter. */
async function scanWithKeyboard(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a scanner finds the product, a shared code asks which, a new code is attached', async ({
  page,
}) => {
  await signIn(page, SCAN_USER);
  let dialog = await openScanProduct(page);

  await scanWithKeyboard(page, SHIRAZ.barcode);
  await expect(dialog.getByRole('heading', { name: SHIRAZ.name })).toBeVisible();
  await expect(dialog.getByLabel('Scan or search')).toHaveValue('');

  // Two vintages share one code: the scan asks which.
  await dialog.getByLabel('Scan or search').focus();
  await scanWithKeyboard(page, RIESLING_BARCODE);
  await expect(dialog.getByText('This code belongs to 2 products. Which one?')).toBeVisible();
  await screenshot(page, 'scan-product-choose');
  await dialog.getByRole('button', { name: new RegExp(RIESLINGS[1] as string) }).click();
  await expect(dialog.getByRole('heading', { name: RIESLINGS[1] })).toBeVisible();

  // Adjust stock from the scan: the inventory opens with the adjustment for that product.
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  const adjust = page.getByRole('dialog', { name: /Adjust stock/ });
  await expect(adjust).toContainText(RIESLINGS[1] as string);
  await expect(page).toHaveURL(/\/inventory$/);
  await adjust.getByLabel('Quantity').fill('4');
  await adjust.getByLabel('Reason').selectOption('Inventory Count Correction');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(`Stock of ${RIESLINGS[1]} adjusted (+4)`)).toBeVisible();

  // A misread code (wrong check digit) is named, and kept where it was typed.
  dialog = await openScanProduct(page);
  await scanWithKeyboard(page, '9311111000012');
  await expect(dialog.getByText(/This barcode does not add up/)).toBeVisible();
  await expect(dialog.getByLabel('Scan or search')).toHaveValue('9311111000012');

  // A new code: attached to an existing product, in place of its old one.
  await dialog.getByLabel('Scan or search').fill('');
  await scanWithKeyboard(page, NEW_CODE);
  await expect(dialog.getByText(`No product has the barcode ${NEW_CODE} yet.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Attach to a product' }).click();
  await dialog.getByLabel(`Which product should carry the barcode ${NEW_CODE}?`).fill('Shiraz');
  await dialog.getByRole('button', { name: new RegExp(SHIRAZ.name) }).click();
  await expect(dialog).toContainText(`It replaces the product's barcode ${SHIRAZ.barcode}.`);
  await dialog.getByRole('button', { name: 'Attach barcode' }).click();
  await expect(dialog.getByText(`Barcode ${NEW_CODE} attached.`, { exact: false })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: SHIRAZ.name })).toBeVisible();

  // It reached the server: the Shiraz now answers to the new code, and the old one is free.
  const server = await serverApi(page, SCAN_USER);
  await expect.poll(async () => (await server.product(SHIRAZ.name)).barcode).toBe(NEW_CODE);
  await dialog.getByLabel('Scan or search').focus();
  await scanWithKeyboard(page, SHIRAZ.barcode);
  await expect(dialog.getByText(`No product has the barcode ${SHIRAZ.barcode} yet.`)).toBeVisible();
});

test('the camera reads a code: a new one is added with its barcode, then found offline', async ({
  page,
  context,
}) => {
  await signIn(page, SCAN_USER);
  let dialog = await openScanProduct(page);
  await dialog.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(dialog.getByText(`No product has the barcode ${CAMERA_CODE} yet.`)).toBeVisible({
    timeout: 20_000,
  });
  // One code is all Scan Product needs: the camera has closed.
  await expect(dialog.getByRole('region', { name: 'Camera' })).toHaveCount(0);
  await screenshot(page, 'scan-product-new-code');

  await dialog.getByRole('button', { name: 'Add as a new product' }).click();
  const form = page.getByRole('form', { name: 'Add Product' });
  await expect(form.getByLabel('Barcode', { exact: true })).toHaveValue(CAMERA_CODE);
  await form.getByLabel('Product Name').fill(MERLOT);
  await form.getByLabel('Producer/Brand').fill('Scan Test Estate');
  await form.getByLabel('LUC (Landed Unit Cost)').fill('15');
  await form.getByLabel('List Price').fill('30');
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText(`${MERLOT} added successfully!`)).toBeVisible();

  // Once the product has reached the server (nothing waits), the device goes offline: the
  // decoder is precached with the app, so the camera reads codes offline too.
  await expect(indicator(page)).toHaveText('Online');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(precached.filter((url) => /\.wasm(\?|$)/.test(url))).toHaveLength(1);
  await page.reload();
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline');

  dialog = await openScanProduct(page);
  await dialog.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(dialog.getByRole('heading', { name: MERLOT })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Open product' }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(MERLOT) })).toBeVisible();
  await context.setOffline(false);
});

test("counting with 'Each scan adds 1': three scans of an EAN-8 code count 3", async ({ page }) => {
  await signIn(page, SCAN_USER);
  await page.goto('/inventory?tab=batch');
  await expect(page.getByRole('heading', { name: 'Stocktakes' })).toBeVisible();
  await page.getByRole('button', { name: 'Start a count' }).click();
  await page.getByLabel('Name').fill('Pinot shelf');
  await page.getByLabel('Each scan adds 1').check();
  await page.getByRole('button', { name: 'Start counting' }).click();
  await expect(page.getByRole('heading', { name: 'Counting: Pinot shelf' })).toBeVisible();
  await expect(page.getByLabel('Scan or search')).toBeFocused();

  for (let scan = 0; scan < 3; scan += 1) await scanWithKeyboard(page, PINOT.barcode);
  await expect(page.getByText(`${PINOT.name}: 3 counted`)).toBeVisible();
  const counted = page.getByRole('table');
  await expect(counted.getByRole('row', { name: new RegExp(PINOT.name) })).toContainText('3');
});
