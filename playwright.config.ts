import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './tests/e2e/e2e-env.ts';

// Browser tests: Debian's Chromium against the real server started the way README says.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/e2e/.artifacts/results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A guard against a journey that hangs, not a measure of speed (tests/bench measures): the
  // longest journeys take about a minute with two workers on a 2-core machine, and each step
  // keeps its own shorter wait.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The list as it runs; then, for a failed journey, where its time went (and the server's).
  reporter: [['list'], ['./tests/e2e/slow-steps-reporter.ts']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed journey keeps its actions, network and console; the screencast and DOM snapshots
    // of every journey cost a quarter of the run's time on two cores (settings and stock: 3.9 →
    // 3.0 min), and the failure's page is in its error context anyway.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `${E2E_BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
