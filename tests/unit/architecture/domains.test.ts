import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITE_HANDLERS } from '#data/modules.ts';

/**
 * One module per domain (ARCHITECTURE.md sections 2 and 4): a kind of write is declared once in
 * its domain (src/domains/<name>/writes.ts), and generic code — the sync engine, the API client,
 * the HTTP plumbing, the shared helpers — names no domain and no kind of write. On the server a
 * write becomes a route only through its declaration (http/write-routes.ts, which adds its rule,
 * its idempotency and its validation), and products are written only by the products module.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'src');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file);
const text = (file: string) => readFileSync(file, 'utf8');

/** Every kind of write, by its op, from the domains' declarations. */
const DECLARED_OPS = filesUnder(path.join(src, 'domains'))
  .filter((file) => file.endsWith('writes.ts'))
  .flatMap((file) => Array.from(text(file).matchAll(/\bop: '([^']+)'/g), (match) => match[1]));

const GENERIC = [
  ...filesUnder(path.join(src, 'data', 'sync')),
  path.join(src, 'data', 'api-client.ts'),
  ...filesUnder(path.join(src, 'server', 'http')),
  ...filesUnder(path.join(src, 'shared')),
];

/** What names a domain in generic code: an import of it, or a kind of write by its op. */
function domainNamesIn(file: string): string[] {
  const content = text(file);
  const imports = Array.from(
    content.matchAll(/from\s*['"]([^'"]+)['"]/g),
    (match) => match[1] ?? '',
  ).filter(
    (specifier) =>
      specifier.startsWith('#domains/') ||
      /(^|\/)domains\//.test(specifier) ||
      /(^|\/)repositories\//.test(specifier),
  );
  const ops = DECLARED_OPS.filter((op) => content.includes(`'${op}'`));
  return [...imports, ...ops].map((name) => `${relative(file)} names ${name}`);
}

/** Hono route registrations that bypass the declarations: app.post(…), api.put(…)… */
const HAND_REGISTERED = /\b(?:app|api)\.(?:post|put|patch|delete)\(/;

describe('one module per domain', () => {
  it('finds the declared writes and the generic modules it checks', () => {
    expect(DECLARED_OPS.length).toBeGreaterThan(20);
    expect(new Set(DECLARED_OPS).size).toBe(DECLARED_OPS.length);
    expect(GENERIC.length).toBeGreaterThan(20);
  });

  it('keeps every domain and every kind of write out of generic code', () => {
    expect(GENERIC.flatMap(domainNamesIn)).toEqual([]);
  });

  it('catches generic code that names a domain or an op', () => {
    const probe = path.join(src, 'data', 'sync', 'replayer.ts');
    const spoiled = `${text(probe)}\nimport { x } from '#domains/products/writes.ts';\nconst op = 'product.update';\n`;
    const found = [
      ...Array.from(spoiled.matchAll(/from\s*['"](#domains\/[^'"]+)['"]/g), (m) => m[1]),
      ...DECLARED_OPS.filter((op) => spoiled.includes(`'${op}'`)),
    ];
    expect(found).toEqual(['#domains/products/writes.ts', 'product.update']);
  });

  it('registers idempotency only through the write routes, never by hand in a route file', () => {
    const byHand = filesUnder(path.join(src, 'server'))
      .filter((file) => !file.endsWith(path.join('http', 'write-routes.ts')))
      .filter((file) => !file.endsWith(path.join('http', 'idempotency.ts')))
      .filter((file) => /idempotentWrites|from '[^']*idempotency\.ts'/.test(text(file)));
    expect(byHand.map(relative)).toEqual([]);
  });

  it('makes every write of a domain a declared one: no route file registers a write by hand', () => {
    const domainRoutes = filesUnder(path.join(src, 'server')).filter((file) => {
      const folder = path.relative(path.join(src, 'server'), path.dirname(file));
      // Sign-in, uploads (a file, not a queued write) and the batch are no domain's writes.
      return !['routes', 'http', 'auth', 'uploads', 'db', 'cli', 'seed', 'mail', '.'].includes(
        folder,
      );
    });
    expect(domainRoutes.length).toBeGreaterThan(8);
    expect(domainRoutes.filter((file) => HAND_REGISTERED.test(text(file))).map(relative)).toEqual(
      [],
    );
  });

  it('queues every write of the device through its declaration: no path made by hand', () => {
    expect(WRITE_HANDLERS.filter((handler) => !handler.declaration).map((h) => h.op)).toEqual([]);
    const ops = new Set(DECLARED_OPS);
    // Column saves are one write under five names, each with its own words.
    const variants = WRITE_HANDLERS.filter((handler) => !ops.has(handler.op));
    expect(new Set(variants.map((handler) => handler.declaration?.op))).toEqual(
      new Set(['columns.save']),
    );
    const byHand = filesUnder(path.join(src, 'data'))
      .filter((file) => /\bpath: ['`]\//.test(text(file)))
      .map(relative);
    expect(byHand).toEqual([]);
  });

  it('composes each domain in one line per registry, and nowhere else', () => {
    const registries = ['src/domains/modules.ts', 'src/data/modules.ts', 'src/server/modules.ts'];
    // A domain's module on each side: src/domains/<name>/module.ts, src/data/domains/<name>.ts,
    // src/server/<name>/module.ts.
    const modules = [
      ...filesUnder(path.join(src, 'domains')).filter((file) => file.endsWith('module.ts')),
      ...filesUnder(path.join(src, 'data', 'domains')),
      ...filesUnder(path.join(src, 'server')).filter((file) => file.endsWith('module.ts')),
    ].filter((file) => !file.endsWith('domain-module.ts'));
    expect(modules.length).toBeGreaterThanOrEqual(25);
    const importers = (module: string) =>
      [...filesUnder(src), ...filesUnder(path.join(root, 'sw'))]
        .filter((file) => {
          const from = path.dirname(file);
          return Array.from(text(file).matchAll(/from\s*['"](\.[^'"]+)['"]/g), (m) =>
            path.resolve(from, m[1] ?? ''),
          ).includes(module);
        })
        .map(relative);
    for (const module of modules) {
      const [registry, ...others] = importers(module);
      expect(registries, relative(module)).toContain(registry);
      expect(others, relative(module)).toEqual([]);
    }
  });

  it('asks every read through its declaration: no path made by hand', () => {
    const byHand = filesUnder(path.join(src, 'data'))
      .filter((file) => /\bapi(?:Json|Fetch)\(\s*['`]\//.test(text(file)))
      .map(relative);
    expect(byHand).toEqual([]);
  });

  it('writes products only in the products module and the stock ledger, which log every change', () => {
    const productWrite =
      /\b(?:update|insert|delete)\(products\)|(?:update|insert into) \$\{products\}/;
    const writers = filesUnder(path.join(src, 'server'))
      .filter((file) => productWrite.test(text(file)))
      .map(relative);
    expect(writers).toEqual([
      // Generated products for load work (the admin CLI's seed-products): the feed answers a
      // full download across them.
      'src/server/products/catalogue-repository.ts',
      'src/server/products/catalogue-writes.ts',
      // The link to the supplier a product's (logged) supplier text names.
      'src/server/products/supplier-links.ts',
      'src/server/stock/ledger.ts',
    ]);
    // The ledger moves the count and nothing else of a product.
    const ledger = text(path.join(src, 'server/stock/ledger.ts'));
    const sets = [
      ...ledger.matchAll(/update \$\{products\}[\s\S]*?\bset\b([\s\S]*?)\bfrom\b/g),
    ].map((match) => [...(match[1] ?? '').matchAll(/(\w+) =/g)].map((field) => field[1]));
    expect(sets).toEqual([['stock_quantity', 'version', 'updated_at']]);
  });

  it('writes stock movements only in the stock ledger', () => {
    const movementWrite =
      /\b(?:update|insert|delete)\(stockMovements\)|(?:update|insert into|delete from) \$\{stockMovements\}/;
    const writers = filesUnder(path.join(src, 'server'))
      .filter((file) => movementWrite.test(text(file)))
      .map(relative);
    expect(writers).toEqual(['src/server/stock/ledger.ts']);
    // The catalogue's writes leave stock to the ledger entirely: they name no movement.
    const catalogueWrites = text(path.join(src, 'server/products/catalogue-writes.ts'));
    expect(catalogueWrites).not.toMatch(/stockMovements|stock_movements|insertMovements|moveStock/);
  });
});
