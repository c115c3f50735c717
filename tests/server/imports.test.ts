import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_JOB_MESSAGES,
  type ImportJob,
  type ImportRowResult,
  importedFrom,
  MAX_IMPORT_BATCH,
} from '#domains/imports/job.ts';
import type { ProductHistory } from '#domains/products/product-write.ts';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { productChanges, products, stockMovements } from '#server/db/schema.ts';
import { catalogueChanges, type Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Import jobs (POST /imports, POST /imports/{id}/rows, GET /imports/{id}): applied through the
 * product writes, once per row however often sent, resumable, scoped to the business, refused
 * to staff, and stock only ever as count-correction movements.
 */
describe('import jobs', () => {
  let server: TestServer;
  let owner: string;
  let otherOwner: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: otherOwner, staffToken: staff } = await shopsWithStaff(server));
  });
  afterAll(() => server.close());

  const send = (path: string, body: unknown, token = owner, key = randomUUID()) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': key } });
  const start = async (
    fields: Partial<{ file_name: string; match_by: string; set_stock: boolean }> = {},
    token = owner,
  ) => {
    const id = randomUUID();
    const response = await send(
      '/api/v1/imports',
      { id, file_name: 'wines.csv', match_by: 'sku', set_stock: false, row_count: 10, ...fields },
      token,
    );
    expect(response.status).toBe(201);
    return id;
  };
  const apply = async (id: string, rows: unknown[], token = owner) => {
    const response = await send(`/api/v1/imports/${id}/rows`, { rows }, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { results: ImportRowResult[]; job: ImportJob };
  };
  const create = async (fields: Record<string, unknown>, token = owner) =>
    (await send('/api/v1/catalogue/products', { fields }, token)).body as Product;
  const rowOf = async (id: number) => {
    const [row] = await server.db.select().from(products).where(eq(products.id, id));
    return row;
  };
  const movementsOf = (id: number) =>
    server.db.select().from(stockMovements).where(eq(stockMovements.productId, id));
  const changesOf = async (id: number) =>
    (await server.call('GET', `/api/v1/catalogue/products/${id}/history`, { token: owner }))
      .body as ProductHistory;
  const skuCount = async (sku: string) => {
    const [row] = await server.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.sku, sku));
    return row?.n;
  };

  it('starts a job once: the same job again answers it, another import with its id is refused', async () => {
    const id = randomUUID();
    const job = { id, file_name: 'wines.csv', match_by: 'barcode', set_stock: true, row_count: 3 };
    const first = await send('/api/v1/imports', job);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      file_name: 'wines.csv',
      match_by: 'barcode',
      set_stock: true,
      row_count: 3,
      tally: { created: 0, updated: 0, unchanged: 0, conflict: 0, missing: 0, refused: 0 },
    });
    // Under another key: answered as it was started.
    const again = await send('/api/v1/imports', job);
    expect(again).toMatchObject({ status: 201, body: first.body });
    const other = await send('/api/v1/imports', { ...job, file_name: 'spirits.csv' });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: IMPORT_JOB_MESSAGES.taken });
    const theirs = await send('/api/v1/imports', job, otherOwner);
    expect(theirs.status).toBe(409);
  });

  it('creates and updates through the product writes: versions, change log and History name the file', async () => {
    const existing = await create({ name: 'Import Merlot', sku: 'IMP-1', list_price: '20' });
    const id = await start({ file_name: 'cellar.csv' });
    const { results, job } = await apply(id, [
      {
        row: 2,
        action: 'create',
        changes: { name: 'Import Rosé', sku: 'IMP-2', list_price: '18.50', country: 'France' },
      },
      {
        row: 3,
        action: 'update',
        product_id: existing.id,
        version: existing.version,
        changes: { list_price: '22.00', region: 'Barossa' },
      },
    ]);
    expect(results).toEqual([
      { row: 2, outcome: 'created', product_id: expect.any(Number), message: null },
      { row: 3, outcome: 'updated', product_id: existing.id, message: null },
    ]);
    expect(job.tally).toMatchObject({ created: 1, updated: 1 });
    const made = await rowOf(results[0]?.product_id ?? 0);
    expect(made).toMatchObject({ name: 'Import Rosé', sku: 'IMP-2', listPrice: '18.50' });
    const updated = await rowOf(existing.id);
    expect(updated).toMatchObject({ listPrice: '22.00', region: 'Barossa', version: 2 });

    const history = await changesOf(existing.id);
    expect(history.changes[0]).toMatchObject({
      kind: 'update',
      version: 2,
      source: importedFrom('cellar.csv'),
      fields: { list_price: ['20.00', '22.00'], region: ['', 'Barossa'] },
    });
    expect((await changesOf(made?.id ?? 0)).changes[0]).toMatchObject({
      kind: 'create',
      source: 'Imported from cellar.csv',
    });
    // Other devices see both in the changes feed.
    const feed = await catalogueChanges(server, owner, 1);
    const fed = (feed.body as { products: Product[] }).products.map((product) => product.id);
    expect(fed).toEqual(expect.arrayContaining([existing.id, made?.id]));
  });

  it('applies a row once however often it is sent, and answers it as it was', async () => {
    const id = await start();
    const rows = [
      { row: 2, action: 'create', changes: { name: 'Once Shiraz', sku: 'ONCE-1' } },
      { row: 3, action: 'create', changes: { name: 'Once Gin', sku: 'ONCE-2' } },
    ];
    const first = await apply(id, rows);
    const [logged] = await server.db.select({ n: count() }).from(productChanges);
    const again = await apply(id, rows);
    expect(again.results).toEqual(first.results);
    expect(await skuCount('ONCE-1')).toBe(1);
    expect(await skuCount('ONCE-2')).toBe(1);
    const [after] = await server.db.select({ n: count() }).from(productChanges);
    expect(after?.n).toBe(logged?.n);
    // The same batch with the same Idempotency-Key: the kept answer, nothing applied.
    const key = randomUUID();
    const body = {
      rows: [{ row: 4, action: 'create', changes: { name: 'Once Rum', sku: 'ONCE-3' } }],
    };
    const sent = await send(`/api/v1/imports/${id}/rows`, body, owner, key);
    const resent = await send(`/api/v1/imports/${id}/rows`, body, owner, key);
    expect(resent.body).toEqual(sent.body);
    expect(await skuCount('ONCE-3')).toBe(1);
  });

  it('resumes an import cut off: the job says exactly which rows were applied', async () => {
    const id = await start({ file_name: 'long.csv' });
    const rows = Array.from({ length: 6 }, (_, index) => ({
      row: index + 2,
      action: 'create',
      changes: { name: `Resumed wine ${index}`, sku: `RES-${index}` },
    }));
    await apply(id, rows.slice(0, 4));
    const status = await server.call('GET', `/api/v1/imports/${id}`, { token: owner });
    expect(status.status).toBe(200);
    const { job, rows: done } = status.body as { job: ImportJob; rows: ImportRowResult[] };
    expect(job.tally.created).toBe(4);
    expect(done.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    // The device sends everything again (it lost track): only rows 6 and 7 are new.
    const { results } = await apply(id, rows);
    expect(results.map((row) => row.outcome)).toEqual(Array(6).fill('created'));
    expect(results.slice(0, 4)).toEqual(done);
    for (let index = 0; index < 6; index += 1) expect(await skuCount(`RES-${index}`)).toBe(1);
  });

  it('applies a full batch with a few statements, and refuses more than a batch', async () => {
    const id = await start({ file_name: 'big.csv' });
    const rows = Array.from({ length: MAX_IMPORT_BATCH }, (_, index) => ({
      row: index + 2,
      action: 'create',
      changes: { name: `Batch wine ${index}`, sku: `BATCH-${index}`, list_price: '12.00' },
    }));
    const { job } = await apply(id, rows);
    expect(job.tally.created).toBe(MAX_IMPORT_BATCH);
    const [made] = await server.db
      .select({
        n: count(),
        versions: sql<number>`count(distinct ${productChanges.catalogueVersion})::int`,
      })
      .from(productChanges)
      .where(eq(productChanges.importId, id));
    // One change log entry per product, all under one catalogue version: one statement.
    expect(made).toEqual({ n: MAX_IMPORT_BATCH, versions: 1 });
    const tooMany = await send(`/api/v1/imports/${id}/rows`, {
      rows: [...rows, { row: MAX_IMPORT_BATCH + 2, action: 'create', changes: { name: 'x' } }],
    });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { message: string }).message).toBe(
      `At most ${MAX_IMPORT_BATCH} rows at once`,
    );
  });

  it('keeps the merge rule: a field changed since conflicts, a field nobody changed merges', async () => {
    const wine = await create({ name: 'Merged Pinot', sku: 'MRG-1', list_price: '30' });
    const other = await create({ name: 'Merged Syrah', sku: 'MRG-2', list_price: '30' });
    // Another device changes the price of one, the region of the other, after the file was read.
    for (const [product, changes] of [
      [wine, { list_price: '31.00' }],
      [other, { region: 'Yarra' }],
    ] as const) {
      const edit = await server.call('PATCH', `/api/v1/catalogue/products/${product.id}`, {
        token: owner,
        body: { base_version: product.version, changes },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(edit.status).toBe(200);
    }
    const id = await start();
    const { results } = await apply(id, [
      {
        row: 2,
        action: 'update',
        product_id: wine.id,
        version: wine.version,
        changes: { list_price: '35.00' },
      },
      {
        row: 3,
        action: 'update',
        product_id: other.id,
        version: other.version,
        changes: { list_price: '35.00' },
      },
    ]);
    expect(results[0]).toMatchObject({
      outcome: 'conflict',
      message: IMPORT_JOB_MESSAGES.conflict('List price'),
    });
    expect(results[1]).toMatchObject({ outcome: 'updated' });
    expect(await rowOf(wine.id)).toMatchObject({ listPrice: '31.00' });
    expect(await rowOf(other.id)).toMatchObject({ listPrice: '35.00', region: 'Yarra' });
  });

  it('answers rows it cannot apply: deleted since, key now taken, values the form refuses, a product twice', async () => {
    const gone = await create({ name: 'Gone Cab', sku: 'GONE-1' });
    await server.call('DELETE', `/api/v1/catalogue/products/${gone.id}`, {
      token: owner,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    await create({ name: 'Taken Key', sku: 'TAKEN-1' });
    const twice = await create({ name: 'Twice Tempranillo', sku: 'TWICE-1' });
    const id = await start();
    const { results, job } = await apply(id, [
      {
        row: 2,
        action: 'update',
        product_id: gone.id,
        version: gone.version,
        changes: { region: 'x' },
      },
      { row: 3, action: 'create', changes: { name: 'New Key Clash', sku: 'TAKEN-1' } },
      { row: 4, action: 'create', changes: { name: 'Bad Price', list_price: 'abc' } },
      { row: 5, action: 'create', changes: { name: 'Bad Barcode', barcode: '9300000000001' } },
      {
        row: 6,
        action: 'update',
        product_id: twice.id,
        version: twice.version,
        changes: { region: 'A' },
      },
      {
        row: 7,
        action: 'update',
        product_id: twice.id,
        version: twice.version,
        changes: { region: 'B' },
      },
      { row: 8, action: 'create', changes: { name: 'Same Key One', sku: 'PAIR-1' } },
      { row: 9, action: 'create', changes: { name: 'Same Key Two', sku: 'PAIR-1' } },
    ]);
    expect(results.map(({ row, outcome }) => [row, outcome])).toEqual([
      [2, 'missing'],
      [3, 'refused'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'updated'],
      [7, 'refused'],
      [8, 'created'],
      [9, 'refused'],
    ]);
    expect(results[0]?.message).toBe(IMPORT_JOB_MESSAGES.deleted);
    expect(results[1]?.message).toBe(IMPORT_JOB_MESSAGES.keyTaken('SKU', 'TAKEN-1'));
    expect(results[2]?.message).toBe('List price must be a number');
    expect(results[3]?.message).toMatch(/check digit|barcode/i);
    expect(results[5]?.message).toBe(IMPORT_JOB_MESSAGES.repeated);
    expect(results[7]?.message).toBe(IMPORT_JOB_MESSAGES.keyTaken('SKU', 'PAIR-1'));
    expect(job.tally).toMatchObject({ created: 1, updated: 1, missing: 1, refused: 5 });
    expect(await skuCount('TAKEN-1')).toBe(1);
    expect(await skuCount('PAIR-1')).toBe(1);
    expect(await rowOf(twice.id)).toMatchObject({ region: 'A' });
  });

  it('moves stock only by count corrections for the difference when it is applied, and only when asked', async () => {
    const counted = await create({ name: 'Counted Chardonnay', sku: 'CNT-1' });
    const move = (delta: number) =>
      server.call('POST', `/api/v1/stock/products/${counted.id}/movements`, {
        token: owner,
        body: { id: randomUUID(), delta, reason: 'Other', made_at: new Date().toISOString() },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    expect((await move(8)).status).toBe(201);
    const id = await start({ set_stock: true, file_name: 'count.csv' });
    // A sale of 2 between the dry run (which saw 8) and Apply: the file's 12 moves it by +6.
    await move(-2);
    const { results } = await apply(id, [
      {
        row: 2,
        action: 'update',
        product_id: counted.id,
        version: counted.version,
        changes: {},
        stock: 12,
      },
      { row: 3, action: 'create', changes: { name: 'Counted Cava', sku: 'CNT-2' }, stock: 5 },
      { row: 4, action: 'create', changes: { name: 'Counted Nothing', sku: 'CNT-3' }, stock: 0 },
    ]);
    expect(results.map((row) => row.outcome)).toEqual(['updated', 'created', 'created']);
    const corrections = (await movementsOf(counted.id)).filter(
      (row) => row.reason === COUNT_CORRECTION,
    );
    expect(corrections).toEqual([
      expect.objectContaining({ delta: 6, note: importedFrom('count.csv') }),
    ]);
    expect(await rowOf(counted.id)).toMatchObject({ stockQuantity: 12 });
    const cava = results[1]?.product_id ?? 0;
    expect((await movementsOf(cava)).map((row) => [row.delta, row.reason])).toEqual([
      [5, COUNT_CORRECTION],
    ]);
    expect(await rowOf(cava)).toMatchObject({ stockQuantity: 5 });
    expect(await movementsOf(results[2]?.product_id ?? 0)).toEqual([]);
    const history = await changesOf(counted.id);
    expect(history.changes[0]).toMatchObject({
      kind: 'stock',
      reason: COUNT_CORRECTION,
      note: 'Imported from count.csv',
      fields: { stock_quantity: [6, 12] },
    });

    // A job without 'set stock from the file' never moves stock, whatever a row carries.
    const plain = await start({ set_stock: false });
    const ignored = await apply(plain, [
      { row: 2, action: 'update', product_id: counted.id, version: 3, changes: {}, stock: 40 },
    ]);
    expect(ignored.results[0]?.outcome).toBe('unchanged');
    expect(await rowOf(counted.id)).toMatchObject({ stockQuantity: 12 });
    // Stock is the sum of movements, always.
    const [sum] = await server.db
      .select({ sum: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, counted.id));
    expect(sum?.sum).toBe(12);
  });

  it("is scoped to its business: another business's job is not found, its products not touched", async () => {
    const mine = await create({ name: 'Scoped Sangiovese', sku: 'SCP-1', list_price: '40' });
    const id = await start();
    const theirs = await send(
      `/api/v1/imports/${id}/rows`,
      { rows: [{ row: 2, action: 'create', changes: { name: 'Intruder' } }] },
      otherOwner,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: IMPORT_JOB_MESSAGES.missing });
    expect((await server.call('GET', `/api/v1/imports/${id}`, { token: otherOwner })).status).toBe(
      404,
    );
    // Their own job cannot update my product: it is not found in their catalogue.
    const theirJob = await start({}, otherOwner);
    const { results } = await apply(
      theirJob,
      [
        {
          row: 2,
          action: 'update',
          product_id: mine.id,
          version: mine.version,
          changes: { list_price: '1.00' },
        },
      ],
      otherOwner,
    );
    expect(results[0]?.outcome).toBe('missing');
    expect(await rowOf(mine.id)).toMatchObject({ listPrice: '40.00' });
    const [intruders] = await server.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.name, 'Intruder')));
    expect(intruders?.n).toBe(0);
  });

  it('is refused to staff', async () => {
    const id = randomUUID();
    const started = await send(
      '/api/v1/imports',
      { id, file_name: 'wines.csv', match_by: 'sku', set_stock: false, row_count: 1 },
      staff,
    );
    expect(started.status).toBe(403);
    const ownerJob = await start();
    const rows = await send(
      `/api/v1/imports/${ownerJob}/rows`,
      { rows: [{ row: 2, action: 'create', changes: { name: 'Staff Wine' } }] },
      staff,
    );
    expect(rows.status).toBe(403);
    expect((await server.call('GET', `/api/v1/imports/${ownerJob}`, { token: staff })).status).toBe(
      403,
    );
  });
});
