import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/chromium.ts';
import { signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';

/**
 * Lighthouse (its default mobile emulation and simulated throttling) on the build `npm start`
 * serves: /login, and /dashboard signed in as the demo user. Scores 0–100 for performance,
 * accessibility and best practices.
 *
 * `npm run bench:lighthouse` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
const PORT = 8287;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  page: string;
  scores: Record<Category, number>;
  /** Audits that lost points, for finding the cause of a low score. */
  failing: string[];
}

/** Runs of a page whose trace Lighthouse failed to record (it asks to be run again). */
const RUNS_WHEN_UNRECORDED = 3;

async function audit(url: string, port: number): Promise<LighthouseFigures> {
  const run = async () => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Keeps the session the benchmark signed in with.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result;
  };
  // A run that recorded nothing (NO_NAVSTART, seen now and then on this Chromium) measured
  // nothing: it is run again, and said if it never records.
  let result = await run();
  const unrecorded: string[] = [];
  while (result.lhr.runtimeError && unrecorded.length < RUNS_WHEN_UNRECORDED - 1) {
    unrecorded.push(result.lhr.runtimeError.code);
    result = await run();
  }
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing = Object.values(audits)
    .filter(
      (item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative',
    )
    .map((item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ''}`);
  // A category without a score is a run that failed, not a page that scored 0: say why.
  const unscored = Object.values(audits)
    .filter((item) => item.scoreDisplayMode === 'error')
    .map((item) => `${item.id}: ${item.errorMessage ?? 'error'}`);
  if (result.lhr.runtimeError) unscored.unshift(`run: ${result.lhr.runtimeError.message}`);
  failing.push(...unscored.map((text) => `not scored, ${text}`));
  if (unrecorded.length > 0)
    failing.push(`runs that recorded nothing before: ${unrecorded.join(', ')}`);
  return { page: new URL(url).pathname, scores, failing };
}

export async function measureLighthouse(baseUrl: string): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const login = await audit(`${baseUrl}/login`, chrome.port);
    // Sign in in the same browser, so /dashboard opens signed in.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context to sign in with');
    const page = await context.newPage();
    await signIn(page, baseUrl);
    await page.close();
    await browser.close();
    const dashboard = await audit(`${baseUrl}/dashboard`, chrome.port);
    return [login, dashboard];
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const server = await startServer({ port: PORT, extraProducts: 0 });
  try {
    for (const figures of await measureLighthouse(server.baseUrl)) {
      const scores = CATEGORIES.map((id) => `${id} ${figures.scores[id]}`).join(', ');
      console.log(`\nLighthouse, mobile: ${figures.page}: ${scores}`);
      for (const item of figures.failing) console.log(`  below 90: ${item}`);
    }
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
