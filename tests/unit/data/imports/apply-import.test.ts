import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyImport } from '#data/repositories/imports.ts';
import { saveSession } from '#data/session.ts';
import type { RowPlan } from '#domains/imports/dry-run.ts';
import { emptyTally, type ImportRowResult, MAX_IMPORT_BATCH } from '#domains/imports/job.ts';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

// The catalogue is read again after an import; that read is another test's business.
vi.mock('#data/repositories/catalogue.ts', () => ({
  refreshCatalogue: vi.fn(() => Promise.resolve('fresh')),
}));

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const JOB = {
  id: '0b9f7a8e-1111-4a6b-9c39-5f2a4f3f9a10',
  file_name: 'wines.csv',
  match_by: 'sku' as const,
  set_stock: false,
};

/** A server that applies each row once and can drop the connection on a given request. */
function importServer(options: { dropRequest?: number; refuseRow?: number } = {}) {
  const applied = new Map<number, ImportRowResult>();
  const batches: number[][] = [];
  let requests = 0;
  const job = () => {
    const tally = emptyTally();
    for (const result of applied.values()) tally[result.outcome] += 1;
    return { ...JOB, row_count: 0, created_at: '2026-11-27T10:00:00.000Z', tally };
  };
  mockServer.use(
    http.post('*/api/v1/imports', () => HttpResponse.json(job(), { status: 201 })),
    http.get('*/api/v1/imports/:id', () =>
      HttpResponse.json({ job: job(), rows: [...applied.values()] }),
    ),
    http.post('*/api/v1/imports/:id/rows', async ({ request }) => {
      requests += 1;
      if (requests === options.dropRequest) return HttpResponse.error();
      const { rows } = (await request.json()) as { rows: { row: number }[] };
      batches.push(rows.map((row) => row.row));
      const results = rows.map(({ row }) => {
        const result: ImportRowResult = applied.get(row) ?? {
          row,
          outcome: row === options.refuseRow ? 'refused' : 'created',
          product_id: row,
          message: row === options.refuseRow ? 'List price must be a number' : null,
        };
        applied.set(row, result);
        return result;
      });
      return HttpResponse.json({ results, job: job() });
    }),
  );
  return { applied, batches };
}

const plans = (count: number, description = ''): RowPlan[] =>
  Array.from({ length: count }, (_, index) => ({
    row: index + 2,
    action: 'create',
    changes: { name: `Imported ${index}`, ...(description ? { description } : {}) },
    errors: [],
  }));

const reader = (rows: RowPlan[]) => (from: number, count: number) =>
  Promise.resolve(rows.slice(from, from + count));

beforeEach(async () => {
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
});

describe('applyImport', () => {
  it('sends the rows in batches of at most MAX_IMPORT_BATCH, and under the body limit however long they are', async () => {
    const server = importServer();
    const rows = plans(2 * MAX_IMPORT_BATCH + 200);
    const progress: number[] = [];
    const result = await applyImport({
      job: { ...JOB, row_count: rows.length },
      rowsOf: reader(rows),
      onProgress: (applied) => progress.push(applied),
    });
    expect(server.batches.map((batch) => batch.length)).toEqual([
      MAX_IMPORT_BATCH,
      MAX_IMPORT_BATCH,
      200,
    ]);
    expect(progress).toEqual([0, MAX_IMPORT_BATCH, 2 * MAX_IMPORT_BATCH, rows.length]);
    expect(result.job.tally.created).toBe(rows.length);
    expect(result.problems).toEqual([]);

    // Rows with 2,000-character descriptions: fewer per batch, every batch under 1 MB.
    const long = importServer();
    const longRows = plans(1_000, 'x'.repeat(2_000));
    await applyImport({
      job: { ...JOB, row_count: longRows.length },
      rowsOf: reader(longRows),
      onProgress: () => {},
    });
    expect(long.batches.length).toBeGreaterThan(2);
    expect(long.batches.flat()).toHaveLength(1_000);
    for (const batch of long.batches) expect(batch.length * 2_050).toBeLessThan(1_000_000);
  });

  it('resumes an import cut off by the connection: only the rows the server lacks are sent again', async () => {
    const server = importServer({ dropRequest: 2, refuseRow: 7 });
    const rows = plans(2 * MAX_IMPORT_BATCH + 200);
    const job = { ...JOB, row_count: rows.length };
    const progress: number[] = [];
    await expect(
      applyImport({ job, rowsOf: reader(rows), onProgress: (applied) => progress.push(applied) }),
    ).rejects.toThrow();
    expect(progress.at(-1)).toBe(MAX_IMPORT_BATCH);
    expect(server.applied.size).toBe(MAX_IMPORT_BATCH);

    const result = await applyImport({ job, rowsOf: reader(rows), onProgress: () => {} });
    // The first batch was not sent again; each row was applied once.
    expect(server.batches.map((batch) => batch[0])).toEqual([
      2,
      MAX_IMPORT_BATCH + 2,
      2 * MAX_IMPORT_BATCH + 2,
    ]);
    expect(server.applied.size).toBe(rows.length);
    expect(result.job.tally).toMatchObject({ created: rows.length - 1, refused: 1 });
    // A row refused before the cut is still reported after it.
    expect(result.problems).toEqual([
      { row: 7, outcome: 'refused', product_id: 7, message: 'List price must be a number' },
    ]);
  });
});
