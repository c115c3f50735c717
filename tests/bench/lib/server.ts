import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../src/server/db/client.ts';
import { DEMO_CATALOGUE_SIZE } from '../../../src/server/seed/catalogue.ts';

/**
 * The real server for benchmarks: a fresh data folder, the demo data plus generated products
 * added with the admin CLI, and the built app served by `npm run serve` (the same process
 * `npm start` runs after building).
 */
export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

export function build() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** One of the server's admin commands (`npm run admin -- …`), with `env` added to ours. */
export function admin(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`admin ${args[0]} failed`);
}

export function seedProducts(dataDir: string, total: number) {
  if (total > 0) admin({ DATA_DIR: dataDir }, 'seed-products', '--count', String(total));
}

/**
 * The demo shop with `products` in all and `sales` more sales (seed-products, seed-sales) on
 * PGlite in a folder of its own, opened for `work` and removed after.
 */
export async function withSeededShop<T>(
  products: number,
  sales: number,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vintry-bench-'));
  try {
    console.log(
      `Seeding ${products.toLocaleString('en')} products and ${sales.toLocaleString('en')} sales (PGlite)…`,
    );
    seedProducts(dataDir, products - DEMO_CATALOGUE_SIZE);
    admin({ DATA_DIR: dataDir }, 'seed-sales', '--count', String(sales));
    // Where the server keeps it under DATA_DIR (server/bootstrap.ts).
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function startServer(options: {
  port: number;
  /** Products in the catalogue besides the demo ones. */
  extraProducts: number;
  env?: Record<string, string>;
  /** More seeding with the admin CLI, before the server takes the data folder. */
  beforeStart?: (dataDir: string) => void;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vintry-bench-'));
  seedProducts(dataDir, options.extraProducts);
  options.beforeStart?.(dataDir);
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(options.port), DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://localhost:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    stop: async () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
