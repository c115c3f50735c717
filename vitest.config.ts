import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests (client and shared code, in jsdom), data-layer tests (the device's code in jsdom
// against the real server app in the same process, on PGlite) and server tests (Hono app on
// PGlite, or on the PostgreSQL named by TEST_DATABASE_URL). Browser tests run under Playwright,
// benchmarks apart.
export default defineConfig({
  test: {
    // Every core: Vitest's default keeps one free, which on a two-core machine (CI's) ran each
    // suite file after file, the unit suite in 261 s against 122 s on both.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'data',
          include: ['tests/data/**/*.test.ts'],
          environment: './tests/data/helpers/jsdom-server-environment.ts',
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
