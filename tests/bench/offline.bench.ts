import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { countText } from '../../src/shared/words.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/chromium.ts';
import { afterNextPaint, launchChromium, outboxCount, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { ms, runs } from './lib/stats.ts';

/**
 * Offline, in Debian's Chromium against the built app and the real server:
 * - cold start of /inventory with 10,000 products stored: the browser starts with no network,
 *   the worker serves the shell and Dexie the catalogue; beside it, the same page's online cold
 *   start;
 * - 1,000 changes made offline (columns shown and hidden, columns moved, custom fields created,
 *   renamed and deleted), then the connection comes back: the time until the outbox is empty,
 *   the requests sent, and the coalescing ratio (changes per entry); beside it, 1,000 requests
 *   sent one per change with no coalescing.
 *
 * `npm run bench:offline` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
export const OFFLINE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PRODUCTS = OFFLINE_PRODUCTS;
export const CHANGES = 1_000;
const COLD_STARTS = 5;
const PORT = 8283;

const settingsReady = (page: Page) =>
  page.getByRole('checkbox', { name: 'SKU', exact: true }).waitFor();

/** The grid painted with the whole catalogue: from navigation start, in ms. */
async function timeToGrid(page: Page, baseUrl: string) {
  const started = Date.now();
  await page.goto(`${baseUrl}/inventory`);
  await page.getByText(`of ${countText(PRODUCTS)} results`).waitFor({ timeout: 60_000 });
  await page.locator('.inventory-grid canvas').first().waitFor();
  await afterNextPaint(page);
  return Date.now() - started;
}

export async function coldStarts(baseUrl: string) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vintry-bench-profile-'));
  const launch = (offline: boolean) =>
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: { width: 1024, height: 768 },
      offline,
    });
  const online: number[] = [];
  const offline: number[] = [];
  try {
    // One online visit stores the shell, the catalogue and the preferences.
    let context = await launch(false);
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await timeToGrid(page, baseUrl);
    await context.close();

    for (let run = 0; run < COLD_STARTS; run += 1) {
      for (const withoutNetwork of [false, true]) {
        context = await launch(withoutNetwork);
        page = context.pages()[0] ?? (await context.newPage());
        (withoutNetwork ? offline : online).push(await timeToGrid(page, baseUrl));
        await context.close();
      }
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return { online, offline };
}

/** A click the way a tap lands, also when a toast floats over the target. */
const tap = (locator: Locator) => locator.dispatchEvent('click');

async function fieldDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** The changes of an afternoon offline, made through the settings panel. Answers how many. */
async function makeChanges(page: Page) {
  const fields = 60;
  const renames = 60;
  const deletes = 30;
  let made = 0;
  for (let i = 0; i < fields; i += 1) {
    await tap(page.getByRole('button', { name: 'Add Custom Field' }));
    const dialog = await fieldDialog(page, 'Create Custom Field');
    await dialog.getByLabel('Field Name *').fill(`Bench Field ${i}`);
    await dialog.getByLabel('Field Type *').selectOption('text');
    await tap(dialog.getByRole('button', { name: 'Create Field' }));
    await dialog.waitFor({ state: 'detached' });
    made += 1;
  }
  for (let i = 0; i < renames; i += 1) {
    await tap(page.getByRole('button', { name: `Edit Bench Field ${i}`, exact: true }));
    const dialog = await fieldDialog(page, 'Edit Custom Field');
    await dialog.getByLabel('Field Name *').fill(`Bench Field ${i} renamed`);
    await tap(dialog.getByRole('button', { name: 'Update Field' }));
    await dialog.waitFor({ state: 'detached' });
    made += 1;
  }
  for (let i = 0; i < deletes; i += 1) {
    await tap(page.getByRole('button', { name: `Delete Bench Field ${i} renamed`, exact: true }));
    const dialog = page.getByRole('alertdialog');
    await tap(dialog.getByRole('button', { name: 'Delete' }));
    await dialog.waitFor({ state: 'detached' });
    made += 1;
  }
  const toggled = ['SKU', 'Country', 'Region', 'Supplier', 'Category', 'Cost Price'];
  const moves = 150;
  for (let i = 0; made < CHANGES - moves; i += 1) {
    const box = page.getByRole('checkbox', { name: toggled[i % toggled.length], exact: true });
    const before = await box.isChecked();
    await tap(box);
    while ((await box.isChecked()) === before) await page.waitForTimeout(5);
    made += 1;
  }
  for (let i = 0; i < moves; i += 1) {
    await tap(page.getByRole('button', { name: /^Move .+ down$/ }).first());
    made += 1;
  }
  return made;
}

/** Requests the page or its worker send to the API while `during` runs, auth calls apart. */
async function countWrites(context: BrowserContext, during: () => Promise<void>) {
  let writes = 0;
  const listener = (request: { method(): string; url(): string }) => {
    if (request.method() !== 'GET' && /\/api\/v1\/(?!auth\/)/.test(request.url())) writes += 1;
  };
  context.on('request', listener);
  try {
    await during();
  } finally {
    context.off('request', listener);
  }
  return writes;
}

export async function replay(baseUrl: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, baseUrl);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto(`${baseUrl}/inventory?tab=settings`);
    await settingsReady(page);
    await page.getByText('Loading custom fields...').waitFor({ state: 'hidden' });

    await context.setOffline(true);
    const makingStarted = Date.now();
    const changes = await makeChanges(page);
    const making = Date.now() - makingStarted;
    const entries = await outboxCount(page);

    let replayTime = 0;
    const requests = await countWrites(context, async () => {
      const started = Date.now();
      await context.setOffline(false);
      await page.waitForFunction(
        () =>
          document.querySelector('.connectivity__label')?.textContent === 'Online' &&
          document.querySelectorAll('.fields-list__item').length > 0,
        null,
        { timeout: 120_000, polling: 20 },
      );
      while ((await outboxCount(page)) > 0) await page.waitForTimeout(20);
      replayTime = Date.now() - started;
    });

    // What the server holds now: the fields left, as the user last chose them.
    const left = await page.evaluate(async () => {
      const response = await fetch('/api/v1/custom-fields/definitions/product', {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      const body = (await response.json()) as { definitions: { field_name: string }[] };
      return body.definitions.map((definition) => definition.field_name);
    });

    // Baseline: one request per change, sent one after the other, nothing coalesced.
    const baselineStarted = Date.now();
    await page.evaluate(async (count) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
        'Content-Type': 'application/json',
      };
      const current = (await (
        await fetch('/api/v1/preferences/columns/products', { headers })
      ).json()) as { preferences: unknown };
      for (let i = 0; i < count; i += 1) {
        const response = await fetch('/api/v1/preferences/columns/products', {
          method: 'PUT',
          headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ preferences: current.preferences }),
        });
        if (!response.ok) throw new Error(`baseline PUT answered ${response.status}`);
      }
    }, CHANGES);
    const baseline = Date.now() - baselineStarted;

    return { changes, making, entries, requests, replayTime, left, baseline };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  console.log(`Seeding ${PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({ port: PORT, extraProducts: PRODUCTS - DEMO_CATALOGUE_SIZE });
  try {
    const cold = await coldStarts(server.baseUrl);
    const result = await replay(server.baseUrl);
    const expectedLeft = Array.from({ length: 30 }, (_, i) => `Bench Field ${i + 30} renamed`);
    const converged =
      JSON.stringify([...result.left].sort()) === JSON.stringify([...expectedLeft].sort());

    const line = (label: string, value: string) => console.log(`  ${label.padEnd(56)}${value}`);
    console.log(`\nOffline (Chromium, ${PRODUCTS.toLocaleString('en')} products stored)`);
    line('cold start of /inventory offline, to the grid painted', runs(cold.offline));
    line('the same, online (baseline)', runs(cold.online));
    console.log(
      `\n${result.changes.toLocaleString('en')} changes made offline (${ms(result.making)} to make them)`,
    );
    const ratio = (result.changes / Math.max(1, result.entries)).toFixed(1);
    line('outbox entries after coalescing', `${result.entries} (${ratio} changes per entry)`);
    line('requests sent when back online', String(result.requests));
    line('replayed, connection back to outbox empty', ms(result.replayTime));
    line(
      'custom fields at the server afterwards',
      `${result.left.length}, ${converged ? 'as last chosen' : 'NOT as last chosen'}`,
    );
    line(`baseline: ${CHANGES} requests, one per change, in turn`, ms(result.baseline));
    if (!converged) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
