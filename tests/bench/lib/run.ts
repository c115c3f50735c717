import { fileURLToPath } from 'node:url';

/**
 * Runs a benchmark's `main` when its file is the one tsx was started with, and not when
 * `npm run bench` imports it for its measuring functions. A failure prints and exits 1.
 */
export function runWhenStarted(moduleUrl: string, main: () => Promise<void>) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
