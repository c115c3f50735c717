import { expect, type Page, test } from '@playwright/test';
import { EXAMPLES_USER } from './e2e-env.ts';
import { screenshot, signIn } from './helpers.ts';

const account = { email: EXAMPLES_USER.email, password: EXAMPLES_USER.password };

// The calls are held in the page to see their running labels, and page.route does not see what
// the service worker fetches; these journeys are about the page, so they run without it.
test.use({ serviceWorkers: 'block' });

const response = (page: Page) => page.getByTestId('api-response');
const shownJson = async (page: Page) => JSON.parse((await response(page).textContent()) ?? '');

/**
 * Clicks a call's button and checks the running label shows while the answer is on its way: the
 * call is held in the browser until the label has been seen.
 */
async function runCall(page: Page, label: string, runningLabel: string, path: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByRole('button', { name: runningLabel })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: label })).toBeEnabled();
  await page.unroute(path);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Response · ${label}`) }),
  ).toBeVisible();
}

test('every call shows its running label and its answer; the product created shows in Inventory', async ({
  page,
}) => {
  await signIn(page, account);
  // The spec's menu has no entry for this developer page: it is opened by its address.
  await page.goto('/api-examples');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Authenticated API Call Examples' }),
  ).toBeVisible();
  await expect(page.getByText(/Authorization: Bearer <token>/)).toBeVisible();

  await runCall(page, 'GET User Profile', 'Loading...', /\/api\/v1\/user\/profile$/);
  expect(await shownJson(page)).toMatchObject({
    email: EXAMPLES_USER.email,
    businessName: EXAMPLES_USER.business,
  });

  await page.getByRole('button', { name: 'PUT Update Product' }).click();
  await expect(response(page)).toContainText(
    '"error": "No product created yet: use POST Create Product first"',
  );

  await runCall(page, 'POST Create Product', 'Creating...', /\/api\/v1\/products$/);
  const created = await shownJson(page);
  expect(created).toMatchObject({ name: 'API Example Shiraz', price: 29.99 });
  await expect(page.getByTestId('api-target')).toHaveText(
    `PUT and DELETE act on product ${created.id}, created here with POST Create Product.`,
  );

  await runCall(page, 'PUT Update Product', 'Updating...', /\/api\/v1\/products\/\d+$/);
  expect(await shownJson(page)).toMatchObject({
    id: created.id,
    name: 'API Example Shiraz (updated)',
    price: 34.5,
  });

  await page.getByLabel(/^File to upload/).setInputFiles({
    name: 'tasting-notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% tasting notes\n'),
  });
  await runCall(page, 'POST File Upload', 'Uploading...', /\/api\/v1\/upload$/);
  const uploaded = await shownJson(page);
  expect(uploaded).toMatchObject({
    filename: 'tasting-notes.pdf',
    contentType: 'application/pdf',
    size: 25,
  });
  await screenshot(page, 'api-examples-desktop');
  // The url serves the file back, as an attachment, to this business.
  const download = await page.evaluate(async (url) => {
    const answer = await fetch(url, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return { status: answer.status, disposition: answer.headers.get('Content-Disposition') };
  }, uploaded.url);
  expect(download).toEqual({
    status: 200,
    disposition: expect.stringMatching(/^attachment; filename="tasting-notes.pdf"/),
  });

  // The updated product is in the catalogue the Inventory screen shows.
  await page.getByRole('link', { name: 'Inventory' }).click();
  await page.getByPlaceholder(/Search/).fill('API Example Shiraz');
  await expect(page.getByText(/^Showing 1 to 1 of 1 results$/)).toBeVisible();
  await expect(page.locator('.inventory-grid')).toContainText('API Example Shiraz (updated)');

  // Back on the page, DELETE acts on the same product.
  await page.goBack();
  await expect(page.getByTestId('api-target')).toContainText(`product ${created.id}`);
  await runCall(page, 'DELETE Product', 'Deleting...', /\/api\/v1\/products\/\d+$/);
  await expect(response(page)).toHaveText('Product deleted successfully');
  await expect(page.getByTestId('api-target')).toHaveText(/^No product created yet/);
});

test('a refused call shows {error: message}', async ({ page }) => {
  await signIn(page, account);
  await page.goto('/api-examples');
  await page.getByLabel(/^File to upload/).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await page.getByRole('button', { name: 'POST File Upload' }).click();
  await expect(response(page)).toHaveText(/"error": "API call failed: 415 Unsupported Media Type"/);
  await expect(page.getByText(/^The server said: Unsupported file type/)).toBeVisible();
});
