import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * Bundle sizes as users download them: the scripts a page really loads, each compressed with
 * gzip at zlib's default level (what the server's compression sends), and Vite's manifest to
 * tell which chunks belong to a lazily loaded module.
 */
export const DIST = path.resolve(import.meta.dirname, '../../../dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files a module needs before it runs: its chunk and its static imports, transitively. */
export function staticFiles(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  if (files.size === 0) throw new Error(`${key} is not in the build manifest`);
  return files;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
}

export function fileSizes(file: string) {
  const bytes = readFileSync(path.join(DIST, file));
  return { raw: bytes.byteLength, gzip: gzipSync(bytes).byteLength };
}

/** The scripts of `baseUrl` the page requests while `during` runs, as paths inside dist/. */
export async function scriptsLoaded(
  page: Page,
  baseUrl: string,
  during: () => Promise<void>,
): Promise<string[]> {
  const { origin } = new URL(baseUrl);
  const seen = new Set<string>();
  const listener = (request: { resourceType(): string; url(): string }) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === origin) {
      seen.add(url.pathname.replace(/^\//, ''));
    }
  };
  page.on('request', listener);
  try {
    await during();
  } finally {
    page.off('request', listener);
  }
  return [...seen];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
