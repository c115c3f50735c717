import { randomUUID } from 'node:crypto';
import { MAX_IMPORT_BATCH } from '../../src/domains/imports/job.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { apiToken } from './catalogue.bench.ts';
import { runWhenStarted } from './lib/run.ts';
import { startServer } from './lib/server.ts';
import { ms } from './lib/stats.ts';

/**
 * An import of 50,000 rows applied on the real server (embedded database), as the import screen
 * sends it: the job, then its rows in batches of MAX_IMPORT_BATCH, one after another. Half the
 * rows update products of the catalogue (a new price, and their stock set from the file), half
 * make new products with a stock count. Prints the time from the job's start to the last batch's
 * answer, as the tablet sees it.
 *
 * `npm run bench:import` (server part; the browser part is in all.bench.ts).
 */
export const IMPORT_ROWS = 50_000;
export const APPLY_BUDGET_MS = 30_000;
const PORT = 8298;

interface CatalogueProduct {
  id: number;
  version: number;
}

async function catalogueOf(baseUrl: string, token: string): Promise<CatalogueProduct[]> {
  const response = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as { products: CatalogueProduct[] };
  return products;
}

/** The rows a dry run of such a file plans: updates of `existing`, then creates. */
function plannedRows(existing: readonly CatalogueProduct[], total: number) {
  const updates = existing.slice(0, total / 2).map((product, index) => ({
    row: index + 2,
    action: 'update' as const,
    product_id: product.id,
    version: product.version,
    changes: { list_price: `${(20 + (index % 50)).toFixed(2)}`, region: 'Imported region' },
    stock: 12 + (index % 7),
  }));
  const creates = Array.from({ length: total - updates.length }, (_, index) => ({
    row: updates.length + index + 2,
    action: 'create' as const,
    changes: {
      name: `Imported wine ${index}`,
      sku: `IMP-${String(index).padStart(6, '0')}`,
      producer: 'Bench Estate',
      country: 'Australia',
      list_price: '24.00',
      luc: '12.00',
      gst: '2.18',
    },
    stock: 6,
  }));
  return [...updates, ...creates];
}

async function post(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Applies IMPORT_ROWS rows on a server whose catalogue holds at least half as many. */
export async function applyImport(baseUrl: string) {
  const token = await apiToken(baseUrl);
  const rows = plannedRows(await catalogueOf(baseUrl, token), IMPORT_ROWS);
  const id = randomUUID();
  const started = performance.now();
  await post(baseUrl, token, '/imports', {
    id,
    file_name: 'bench.csv',
    match_by: 'sku',
    set_stock: true,
    row_count: rows.length,
  });
  let tally: Record<string, number> = {};
  for (let from = 0; from < rows.length; from += MAX_IMPORT_BATCH) {
    const answer = (await post(baseUrl, token, `/imports/${id}/rows`, {
      rows: rows.slice(from, from + MAX_IMPORT_BATCH),
    })) as { job: { tally: Record<string, number> } };
    tally = answer.job.tally;
  }
  return { elapsed: performance.now() - started, rows: rows.length, tally };
}

export async function importServerFigures() {
  const server = await startServer({
    port: PORT,
    extraProducts: IMPORT_ROWS / 2 - DEMO_CATALOGUE_SIZE,
  });
  try {
    return await applyImport(server.baseUrl);
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, async () => {
  const applied = await importServerFigures();
  console.log(
    `${applied.rows.toLocaleString('en')} rows applied in ${ms(applied.elapsed)} (budget ${ms(APPLY_BUDGET_MS)}): ${JSON.stringify(applied.tally)}`,
  );
});
