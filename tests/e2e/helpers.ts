import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { IMPORT_TEXT } from '../../src/features/inventory/components/import/import-text.ts';
import { DEMO, E2E_DATA_DIR, SCREENSHOT_DIR } from './e2e-env.ts';

export async function signIn(page: Page, account = DEMO) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Waits until the app has saved itself on the device and serves this very page (its first
 * install takes the page that installed it): from then on every screen opens offline.
 */
export async function appOnDevice(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** Undoes quoted-printable, the encoding nodemailer uses for long lines in .eml files. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/** The newest reset link mailed to `email`, read from DATA_DIR/mail/*.eml. */
export function latestResetLink(email: string, after: number): Promise<string> {
  return latestMailedLink(email, after, 'reset-password');
}

/** The newest invitation link mailed to `email`. */
export function latestInvitationLink(email: string, after: number): Promise<string> {
  return latestMailedLink(email, after, 'accept-invite');
}

async function latestMailedLink(email: string, after: number, page: string): Promise<string> {
  const folder = path.join(E2E_DATA_DIR, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(folder).catch(() => [] as string[]);
        for (const file of files.sort().reverse()) {
          const text = decodeQuotedPrintable(await readFile(path.join(folder, file), 'utf8'));
          const sentAt = Date.parse(/^Date: (.+)$/m.exec(text)?.[1] ?? '');
          if (!text.includes(`To: ${email}`) || sentAt < after - 2000) continue;
          link = new RegExp(`(http\\S+/${page}\\?token=[A-Za-z0-9_-]+)`).exec(text)?.[1];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

const GRID_HEADER_HEIGHT = 40;
const GRID_ROW_HEIGHT = 36;

/** A cell of the inventory grid as glide-data-grid exposes it to assistive technology. */
export function gridCell(page: Page, col: number, row: number) {
  return page.getByTestId(`glide-cell-${col}-${row}`);
}

/** The screen position of a grid cell, from the column widths (the grid draws on a canvas). */
export async function gridCellPoint(page: Page, widths: number[], col: number, row: number) {
  const box = await page.locator('.inventory-grid').boundingBox();
  if (!box) throw new Error('no grid on screen');
  const left = widths.slice(0, col).reduce((sum, width) => sum + width, 0);
  return {
    x: box.x + left + (widths[col] ?? 40) / 2,
    y: box.y + GRID_HEADER_HEIGHT + row * GRID_ROW_HEIGHT + GRID_ROW_HEIGHT / 2,
  };
}

export async function gridHeaderPoint(page: Page, widths: number[], col: number) {
  const point = await gridCellPoint(page, widths, col, 0);
  return { x: point.x, y: point.y - GRID_ROW_HEIGHT / 2 - GRID_HEADER_HEIGHT / 2 };
}

/** The connection indicator in the header; its name ends 'Show pending changes'. */
export const indicator = (page: Page) =>
  page.getByRole('button', { name: /Show pending changes$/ });

/**
 * A business's API (the demo's unless told) as another device sees it, for checks a test makes
 * on the server (the test's own requests, not the tablet's, so they work while it is offline).
 */
export async function serverApi(page: Page, account: { email: string; password: string } = DEMO) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  /** A product of the catalogue by name: its id, stock, barcode, SKU, LUC and list price on the server. */
  const product = async (name: string) => {
    const response = await page.request.get('/api/v1/inventory/enhanced', { headers });
    const { products } = (await response.json()) as {
      products: { id: number; columns: { key: string; value: unknown }[] }[];
    };
    const found = products.find((each) =>
      each.columns.some((column) => column.key === 'name' && column.value === name),
    );
    if (!found) throw new Error(`${name} is not in the catalogue`);
    const value = (key: string) => found.columns.find((column) => column.key === key)?.value;
    return {
      id: found.id,
      stock: Number(value('stock_quantity')),
      barcode: value('barcode'),
      sku: value('sku'),
      luc: value('luc'),
      listPrice: value('list_price'),
    };
  };
  return { headers, product };
}

/** Inventory → Add Inventory → Import from file. */
export async function openImport(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inventory' })
    .click();
  await page.getByRole('tab', { name: 'Add Inventory' }).click();
  await page.getByRole('button', { name: IMPORT_TEXT.open }).click();
  await expect(page.getByRole('heading', { name: IMPORT_TEXT.title })).toBeVisible();
}

/** One of the import check's counts ('To create', 'With errors'…). */
export const importCount = (page: Page, label: string) =>
  page.locator('.import__count').filter({ hasText: label }).locator('dd');
