import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md section 2: routes → features → data → shared; server → shared; nothing in the
 * client imports the server; shared imports nothing of ours; no feature imports another. `app`
 * is the shell around features and `ui` holds presentational pieces any screen may use.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'src');

type Layer =
  | 'shared'
  | 'domains'
  | 'data'
  | 'ui'
  | 'features'
  | 'app'
  | 'routes'
  | 'server'
  | 'main'
  | 'sw';

const ALLOWED: Record<Layer, Layer[]> = {
  shared: ['shared'],
  domains: ['domains', 'shared'],
  data: ['data', 'domains', 'shared'],
  ui: ['ui', 'domains', 'shared'],
  features: ['features', 'data', 'ui', 'domains', 'shared'],
  app: ['app', 'features', 'data', 'ui', 'domains', 'shared'],
  routes: ['routes', 'app', 'features', 'data', 'ui', 'domains', 'shared'],
  main: ['app', 'routes', 'features', 'data', 'ui', 'domains', 'shared'],
  server: ['server', 'domains', 'shared'],
  sw: ['sw', 'data', 'domains', 'shared'],
};

/** Third-party packages shared and domain code may use: pure (no DOM, Node or Dexie). */
const PURE_PACKAGES = ['valibot'];

function filesUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function layerOf(file: string): { layer: Layer; feature?: string } | null {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'sw') return { layer: 'sw' };
  if (relative[0] !== 'src') return null;
  if (relative[1] === 'main.tsx') return { layer: 'main' };
  const layer = relative[1] as Layer;
  if (!(layer in ALLOWED)) return null;
  return layer === 'features' ? { layer, feature: relative[2] } : { layer };
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;
  return Array.from(text.matchAll(pattern), (match) => match[1] ?? match[2] ?? '');
}

function resolveTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith('#')) {
    const [alias, ...rest] = specifier.slice(1).split('/');
    return path.join(src, alias ?? '', ...rest);
  }
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null;
}

function violationsOf(file: string, specifiers: string[]): string[] {
  const from = layerOf(file);
  if (!from) return [];
  const violations: string[] = [];
  for (const specifier of specifiers) {
    const target = resolveTarget(file, specifier);
    const where = `${path.relative(root, file)} → ${specifier}`;
    if (!target) {
      const pure = from.layer === 'shared' || from.layer === 'domains';
      if (pure && !PURE_PACKAGES.includes(specifier)) {
        violations.push(`${where} (${from.layer} code imports only ${PURE_PACKAGES.join(', ')})`);
      }
      continue;
    }
    const to = layerOf(target);
    if (!to) continue;
    if (!ALLOWED[from.layer].includes(to.layer)) {
      violations.push(`${where} (${from.layer} may not import ${to.layer})`);
    } else if (
      from.layer === 'features' &&
      to.layer === 'features' &&
      from.feature !== to.feature
    ) {
      violations.push(`${where} (a feature may not import another feature)`);
    }
  }
  return violations;
}

/**
 * The sync engine knows only the write-handler type (ARCHITECTURE.md section 4): no module of
 * src/data/sync reaches what knows the data — a repository, the screens' hooks, or the list
 * of domains on the device (modules.ts and domains/), which import every repository.
 */
const SYNC = path.join(src, 'data', 'sync');
const DOMAIN = [
  path.join(src, 'data', 'repositories'),
  path.join(src, 'data', 'hooks'),
  path.join(src, 'data', 'modules.ts'),
  path.join(src, 'data', 'domains'),
  path.join(src, 'data', 'device-owner.ts'),
];

function syncViolationsOf(file: string, specifiers: string[]): string[] {
  if (!file.startsWith(`${SYNC}${path.sep}`)) return [];
  return specifiers.flatMap((specifier) => {
    const target = resolveTarget(file, specifier);
    const domain =
      target &&
      DOMAIN.some((place) => target === place || target.startsWith(`${place}${path.sep}`));
    return domain
      ? [`${path.relative(root, file)} → ${specifier} (sync/ imports no domain code)`]
      : [];
  });
}

const files = [...filesUnder(src), ...filesUnder(path.join(root, 'sw'))];

describe('import direction', () => {
  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('keeps every import pointing down the layers', () => {
    const violations = files.flatMap((file) => violationsOf(file, importsOf(file)));
    expect(violations).toEqual([]);
  });

  it('keeps the sync engine free of repositories and the handlers list', () => {
    expect(files.filter((file) => file.startsWith(SYNC)).length).toBeGreaterThan(5);
    const violations = files.flatMap((file) => syncViolationsOf(file, importsOf(file)));
    expect(violations).toEqual([]);
  });

  it.each([
    ['src/data/sync/replayer.ts', '../repositories/custom-fields.ts'],
    ['src/data/sync/outbox.ts', '#data/repositories/column-preferences.ts'],
    ['src/data/sync/replayer.ts', '../modules.ts'],
    ['src/data/sync/feeds.ts', '../domains/products.ts'],
    ['src/data/sync/coalesce.ts', '../hooks/use-stored.ts'],
  ])('refuses the sync module %s importing %s', (file, specifier) => {
    expect(syncViolationsOf(path.join(root, file), [specifier])).toHaveLength(1);
  });

  it('lets a repository import the sync engine', () => {
    expect(
      syncViolationsOf(path.join(root, 'src/data/repositories/custom-fields.ts'), [
        '../sync/outbox.ts',
      ]),
    ).toEqual([]);
  });

  it.each([
    ['src/data/api-client.ts', '#server/app.ts'],
    ['src/data/api-client.ts', '../features/auth/sign-out.ts'],
    ['src/shared/api.ts', 'react'],
    ['src/shared/api.ts', '#data/session.ts'],
    ['src/features/auth/sign-out.ts', '#features/inventory/x.ts'],
    ['src/server/app.ts', '#data/session.ts'],
    ['src/ui/spinner.tsx', '#features/auth/use-session.ts'],
  ])('refuses %s importing %s', (file, specifier) => {
    expect(violationsOf(path.join(root, file), [specifier])).toHaveLength(1);
  });
});
