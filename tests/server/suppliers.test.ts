import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, type Supplier } from '#domains/purchasing/supplier.ts';
import { catalogueChanges, type Product, value } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Suppliers on the server: made with a device's id (once however often sent), edited field by
 * field with a conflict only for a field changed since to another value, their name on their
 * products, the products' supplier texts linked to suppliers, the pull, roles and tenancy.
 */
describe('suppliers', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const create = (fields: Record<string, unknown>, token = owner) =>
    send('POST', '/suppliers', { id: randomUUID(), ...fields }, token);
  const list = async (token = owner) =>
    ((await server.call('GET', '/api/v1/suppliers', { token })).body as { suppliers: Supplier[] })
      .suppliers;
  const named = async (name: string, token = owner) =>
    (await list(token)).filter((supplier) => supplier.name.toLowerCase() === name.toLowerCase());
  const product = async (fields: Record<string, unknown>) =>
    (await send('POST', '/catalogue/products', { fields: { luc: '10', ...fields } }))
      .body as Product;

  it('makes a supplier once however often it is sent, and answers 409 for an id taken', async () => {
    const id = randomUUID();
    const body = { id, name: '  Vintage Cellars Trade ', lead_days: 5, email: '' };
    const first = await send('POST', '/suppliers', body);
    expect(first.status).toBe(201);
    expect((first.body as { supplier: Supplier }).supplier).toMatchObject({
      id,
      name: 'Vintage Cellars Trade',
      lead_days: 5,
      email: null,
      version: 1,
    });
    expect((await send('POST', '/suppliers', body)).status).toBe(200);
    expect(await named('Vintage Cellars Trade')).toHaveLength(1);
    const taken = await send('POST', '/suppliers', { id, name: 'Someone else' }, other);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: SUPPLIER_MESSAGES.idTaken });
    expect(await named('Someone else', other)).toEqual([]);
  });

  it('refuses what cannot be stored, with the field’s message, and stores nothing', async () => {
    for (const [fields, message] of [
      [{ name: '   ' }, SUPPLIER_MESSAGES.name],
      [{ name: 'Bad Lead', lead_days: -1 }, SUPPLIER_MESSAGES.leadDays],
      [{ name: 'Bad Lead', lead_days: 1.5 }, SUPPLIER_MESSAGES.leadDays],
      [{ name: 'Bad Email', email: 'orders at harbour' }, SUPPLIER_MESSAGES.email],
      [{ name: 'Bad Minimum', minimum_order_cents: -100 }, SUPPLIER_MESSAGES.minimumOrder],
    ] as const) {
      const response = await create(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((response.body as { message: string }).message).toBe(message);
    }
    expect((await list()).map((supplier) => supplier.name)).not.toContain('Bad Lead');
  });

  it('merges edits of different fields made on two devices, and refuses the same field', async () => {
    const made = (await create({ name: 'Merge Distributors', phone: '02 1111 1111' })).body as {
      supplier: Supplier;
    };
    const id = made.supplier.id;
    const a = await send('PATCH', `/suppliers/${id}`, {
      base_version: 1,
      changes: { phone: '02 2222 2222' },
    });
    expect(a.status).toBe(200);
    // Tablet B edited version 1 too: another field merges.
    const b = await send('PATCH', `/suppliers/${id}`, {
      base_version: 1,
      changes: { lead_days: 3 },
    });
    expect(b.status).toBe(200);
    expect((b.body as { supplier: Supplier }).supplier).toMatchObject({
      phone: '02 2222 2222',
      lead_days: 3,
      version: 3,
    });
    // The same field to another value conflicts; to the same value it is already so.
    const clash = await send('PATCH', `/suppliers/${id}`, {
      base_version: 1,
      changes: { phone: '02 3333 3333' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: SUPPLIER_MESSAGES.conflict,
      conflicts: ['phone'],
      current: { phone: '02 2222 2222' },
    });
    const same = await send('PATCH', `/suppliers/${id}`, {
      base_version: 1,
      changes: { phone: '02 2222 2222' },
    });
    expect(same.status).toBe(200);
    expect((same.body as { supplier: Supplier }).supplier.version).toBe(3);
  });

  it('keeps suppliers to their business and purchasing to managers and owners', async () => {
    const made = (await create({ name: 'Private Imports' })).body as { supplier: Supplier };
    expect(await named('Private Imports', other)).toEqual([]);
    const foreign = await send(
      'PATCH',
      `/suppliers/${made.supplier.id}`,
      { base_version: 1, changes: { notes: 'mine now' } },
      other,
    );
    expect(foreign.status).toBe(404);
    expect((await create({ name: 'Staff Supplier' }, staff)).status).toBe(403);
    expect(
      (
        await send(
          'PATCH',
          `/suppliers/${made.supplier.id}`,
          { base_version: 1, changes: { notes: 'staff' } },
          staff,
        )
      ).status,
    ).toBe(403);
    // Staff see them (a delivery they scan in names its supplier).
    expect(await named('Private Imports', staff)).toHaveLength(1);
    expect(
      (await send('PATCH', '/suppliers/not-an-id', { base_version: 1, changes: { notes: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('links a product’s supplier text to a supplier, made once for a name however it is spelt', async () => {
    const first = await product({ name: 'Linked Shiraz', supplier: 'Cellar Direct' });
    const second = await product({ name: 'Linked Riesling', supplier: ' cellar direct' });
    expect(value(first, 'supplier')).toBe('Cellar Direct');
    expect(await named('Cellar Direct')).toHaveLength(1);
    // An edit to another supplier's name makes that supplier.
    const edit = await send('PATCH', `/catalogue/products/${second.id}`, {
      base_version: second.version,
      changes: { supplier: 'Southern Wine Co' },
    });
    expect(edit.status).toBe(200);
    expect(await named('Southern Wine Co')).toHaveLength(1);
  });

  it('renames a supplier on its products, through the catalogue’s change log', async () => {
    const wine = await product({ name: 'Renamed Merlot', supplier: 'Old Name Wines' });
    const [supplier] = await named('Old Name Wines');
    if (!supplier) throw new Error('the supplier was not made');
    const before = (await catalogueChanges(server, owner, 0)).body as { version: number };
    const renamed = await send('PATCH', `/suppliers/${supplier.id}`, {
      base_version: supplier.version,
      changes: { name: 'New Name Wines' },
    });
    expect(renamed.status).toBe(200);
    const changes = (await catalogueChanges(server, owner, before.version)).body as {
      products: Product[];
    };
    const changed = changes.products.find((entry) => entry.id === wine.id);
    expect(changed && value(changed, 'supplier')).toBe('New Name Wines');
    expect(await named('Old Name Wines')).toEqual([]);
    expect(await named('New Name Wines')).toHaveLength(1);
  });

  it('gives every supplier change once through the pull, since the device’s cursor', async () => {
    const pull = async (cursor: number, token = owner) =>
      (
        (await server.call('GET', `/api/v1/changes?suppliers=${cursor}`, { token })).body as {
          suppliers: { cursor: number; suppliers: Supplier[] };
        }
      ).suppliers;
    const whole = await pull(0);
    expect(whole.suppliers.map((supplier) => supplier.name)).toContain('Cellar Direct');
    const made = (await create({ name: 'Pulled Spirits' })).body as { supplier: Supplier };
    const since = await pull(whole.cursor);
    expect(since.suppliers.map((supplier) => supplier.id)).toEqual([made.supplier.id]);
    expect((await pull(since.cursor)).suppliers).toEqual([]);
    expect((await pull(0, other)).suppliers.map((supplier) => supplier.name)).not.toContain(
      'Pulled Spirits',
    );
  });
});
