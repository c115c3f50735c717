import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_SIZE } from '#server/seed/catalogue.ts';
import { DEMO } from '#server/seed/demo.ts';
import { listenTo } from './helpers/live-events.ts';
import { createEmptyPostgresDatabase } from './helpers/test-server.ts';

/**
 * Two instances of the real server, started at the same moment on one empty PostgreSQL, as
 * behind a load balancer: they share DATABASE_URL and JWT_SECRET and nothing else (each has its
 * own DATA_DIR). Only where TEST_DATABASE_URL names a PostgreSQL: PGlite is one process's.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Instance {
  child: ChildProcess;
  url: string;
  log: string[];
  dataDir: string;
}

async function startInstance(databaseUrl: string, jwtSecret: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vintry-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--api-only'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => log.push(...chunk.split('\n').filter(Boolean)));
  }
  return { child, url: `http://127.0.0.1:${port}`, log, dataDir };
}

async function healthy(instance: Instance) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`an instance exited:\n${instance.log.join('\n')}`);
    }
    const status = await fetch(`${instance.url}/api/v1/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`an instance did not answer:\n${instance.log.join('\n')}`);
}

async function stop(instance: Instance) {
  // A killed instance has a signal and no exit code: it has exited too.
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    const exited = once(instance.child, 'exit');
    instance.child.kill('SIGTERM');
    await exited;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let instances: Instance[] = [];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(adminUrl as string);
    const secret = randomBytes(32).toString('hex');
    instances = await Promise.all([
      startInstance(database.url, secret),
      startInstance(database.url, secret),
    ]);
    await Promise.all(instances.map(healthy));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await database?.drop();
  });

  it('start together on an empty database: one demo business, one demo user, one catalogue', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async (query: string) =>
        Number((await client.query<{ n: string }>(query)).rows[0]?.n);
      expect(await count('select count(*) as n from businesses')).toBe(1);
      expect(await count('select count(*) as n from users')).toBe(1);
      expect(await count('select count(*) as n from products')).toBe(DEMO_CATALOGUE_SIZE);
    } finally {
      await client.end();
    }
  });

  it('a change through one instance reaches a device listening on the other', async () => {
    const [first, second] = instances as [Instance, Instance];
    const login = await fetch(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const authorization = `Bearer ${accessToken}`;
    const stream = await fetch(`${second.url}/api/v1/live`, { headers: { authorization } });
    expect(stream.status).toBe(200);
    const device = listenTo(stream);
    try {
      const connected = await device.next();
      const created = await fetch(`${first.url}/api/v1/catalogue/products`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ fields: { name: 'Heard Next Door', list_price: '20', luc: '10' } }),
      });
      expect(created.status).toBe(201);
      expect(await device.next(3_000)).toBeGreaterThan(connected);
    } finally {
      await device.close();
    }
  });

  it('a file uploaded through one instance downloads through the other', async () => {
    const [first, second] = instances as [Instance, Instance];
    const login = await fetch(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const pdf = new TextEncoder().encode('%PDF-1.7\n% price list\n');
    const form = new FormData();
    form.append('file', new File([pdf], 'price-list.pdf', { type: 'application/pdf' }));
    const uploaded = await fetch(`${first.url}/api/v1/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const downloaded = await fetch(`${second.url}${url}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(downloaded.status).toBe(200);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(pdf);
  });

  it('sales of one product through both at once all count: stock is the sum of movements', async () => {
    const login = await fetch(`${instances[0]?.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const stockOf = async (id: number) =>
        (
          await client.query<{ stock: number; moved: string }>(
            `select p.stock_quantity as stock,
               (select coalesce(sum(delta), 0) from stock_movements where product_id = p.id) as moved
             from products p where p.id = $1`,
            [id],
          )
        ).rows[0];
      const [product] = (
        await client.query<{ id: number }>('select id from products order by id limit 1')
      ).rows;
      if (!product) throw new Error('no demo product');
      const before = await stockOf(product.id);
      const lines = [
        { product_id: product.id, quantity: 1, unit_cents: 1_000, luc_cents: 500, taxable: true },
      ];
      const sell = (instance: Instance, n: number) =>
        fetch(`${instance.url}/api/v1/sales`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': `concurrent-sale-${n}`,
          },
          body: JSON.stringify({
            id: crypto.randomUUID(),
            receipt: `T8-${String(n).padStart(6, '0')}`,
            made_at: new Date().toISOString(),
            lines,
            tenders: [{ kind: 'card', cents: 1_000 }],
            total_cents: 1_000,
            gst_cents: 91,
          }),
        }).then((response) => response.status);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, n) => sell(instances[n % 2] as Instance, n + 1)),
      );
      expect(statuses).toEqual(new Array(20).fill(201));
      const after = await stockOf(product.id);
      expect(after?.stock).toBe((before?.stock ?? 0) - 20);
      expect(Number(after?.moved)).toBe(after?.stock);
    } finally {
      await client.end();
    }
  });
});

describe.skipIf(!adminUrl)('an instance killed in the middle of a write', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  const started: Instance[] = [];
  const secret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(adminUrl as string);
  });
  afterAll(async () => {
    await Promise.all(started.map(stop));
    await database?.drop();
  });

  const launch = async () => {
    const instance = await startInstance(database.url, secret);
    started.push(instance);
    await healthy(instance);
    return instance;
  };

  it('leaves its Idempotency-Key free within seconds, and the write is made once', async () => {
    const first = await launch();
    const login = await fetch(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const [product] = (
        await client.query<{ id: number; version: number }>(
          'select id, version from products order by id limit 1',
        )
      ).rows;
      if (!product) throw new Error('no demo product');
      const edit = (instance: Instance) =>
        fetch(`${instance.url}/api/v1/catalogue/products/${product.id}`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': 'killed-mid-write',
          },
          body: JSON.stringify({ base_version: product.version, changes: { region: 'Killed' } }),
        });

      // Another connection holds the product's row: the write waits inside its transaction,
      // holding its key, until its process is killed.
      await client.query('begin');
      await client.query('select 1 from products where id = $1 for update', [product.id]);
      const inFlight = edit(first).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const repeat = await edit(first);
      expect(repeat.status).toBe(409);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      await inFlight;
      await client.query('commit');

      const second = await launch();
      const freedAt = Date.now();
      let answer = await edit(second);
      while (answer.status === 409 && Date.now() - freedAt < 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await edit(second);
      }
      expect(answer.status).toBe(200);
      // Seconds, not the two minutes an abandoned record used to take.
      expect(Date.now() - freedAt).toBeLessThan(10_000);
      const [after] = (
        await client.query<{ version: number; region: string }>(
          'select version, region from products where id = $1',
          [product.id],
        )
      ).rows;
      expect(after).toEqual({ version: product.version + 1, region: 'Killed' });
      // Sent again, it is answered from the store, not made twice.
      const again = await edit(second);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await client.end();
    }
  }, 120_000);
});
