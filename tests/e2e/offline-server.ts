import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { COLLEAGUE, DEMO } from './e2e-env.ts';
import { keepServerLog } from './server-log.ts';

/** Access tokens of the offline journeys' server expire quickly, so replays must refresh. */
export const SHORT_TOKEN_TTL_SECONDS = 6;

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A server of the offline journeys' own, which they can stop and start again: the same code as
 * `npm start`, on its own port and data folder, serving a copy of the build (which the update
 * journey changes), with short-lived access tokens. Its log is kept to count the writes that
 * reached it.
 */
export class OfflineServer {
  readonly port = Number(process.env.E2E_OFFLINE_PORT ?? 8182);
  readonly baseURL = `http://localhost:${this.port}`;
  readonly dataDir = path.join(os.tmpdir(), `vintry-e2e-offline-${this.port}`);
  readonly staticDir = path.join(os.tmpdir(), `vintry-e2e-offline-build-${this.port}`);
  readonly log: string[] = [];
  private child: ChildProcess | null = null;

  /**
   * A fresh data folder (the demo business, and the owner's colleague added with the admin CLI)
   * and a fresh copy of the build the main server serves.
   */
  prepare() {
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(this.staticDir, { recursive: true, force: true });
    cpSync(path.join(ROOT, 'dist'), this.staticDir, { recursive: true });
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/admin.ts',
        'create-user',
        ...['--email', COLLEAGUE.email, '--password', COLLEAGUE.password],
        ...['--business', COLLEAGUE.business, '--name', COLLEAGUE.name],
        // A manager, who sees the custom fields the test looks at.
        ...['--role', 'manager'],
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: this.dataDir }, encoding: 'utf8' },
    );
    if (created.status !== 0) throw new Error(`create-user failed:\n${created.stderr}`);
  }

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        STATIC_DIR: this.staticDir,
        ACCESS_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_TTL_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      keepServerLog(stream, 'offline', (line) => this.log.push(line));
    }
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited:\n${this.log.join('\n')}`);
          return fetch(`${this.baseURL}/api/v1/health`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  /** Writes that took effect: 2xx answers to POST, PUT, PATCH and DELETE not replayed from the store. */
  effects(pattern: RegExp, since = 0): string[] {
    return this.log
      .slice(since)
      .filter(
        (line) =>
          /^(POST|PUT|PATCH|DELETE) \/api\/v1\/\S+ 2\d\d /.test(line) &&
          !line.endsWith('(replayed)') &&
          pattern.test(line),
      );
  }

  /** The server's side, asked through the API as another device of the same user would. */
  async api(): Promise<ServerView> {
    return new ServerView(await request.newContext({ baseURL: this.baseURL }));
  }
}

export interface Definition {
  id: number;
  field_key: string;
  field_name: string;
}

export class ServerView {
  private token: { value: string; at: number } | null = null;

  constructor(private readonly context: APIRequestContext) {}

  /** A bearer header, signing in again before the short-lived access token runs out. */
  private async auth() {
    if (!this.token || Date.now() - this.token.at > (SHORT_TOKEN_TTL_SECONDS * 1000) / 2) {
      const login = await this.context.post('/api/v1/auth/login', { data: DEMO });
      expect(login.status()).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      this.token = { value: accessToken, at: Date.now() };
    }
    return { Authorization: `Bearer ${this.token.value}` };
  }

  async visibleColumns(): Promise<string[]> {
    const response = await this.context.get('/api/v1/preferences/columns/products', {
      headers: await this.auth(),
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { visible_columns: string[] }).visible_columns;
  }

  async definitions(): Promise<Definition[]> {
    const response = await this.context.get('/api/v1/custom-fields/definitions/product', {
      headers: await this.auth(),
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { definitions: Definition[] }).definitions;
  }

  /** The products of the catalogue with this name, as the server has them (server keys). */
  async productsNamed(name: string): Promise<Record<string, unknown>[]> {
    const response = await this.context.get('/api/v1/inventory/enhanced', {
      headers: await this.auth(),
    });
    expect(response.status()).toBe(200);
    const { products } = (await response.json()) as {
      products: { columns: { key: string; value: unknown }[] }[];
    };
    return products
      .map((product) => Object.fromEntries(product.columns.map(({ key, value }) => [key, value])))
      .filter((product) => product.name === name);
  }

  async createField(
    name: string,
    key: string,
    rules: { field_type?: string; validation?: Record<string, unknown> } = {},
  ) {
    const response = await this.context.post('/api/v1/custom-fields/definitions', {
      headers: await this.auth(),
      data: {
        field_name: name,
        field_key: key,
        field_type: 'text',
        entity_type: 'product',
        ...rules,
      },
    });
    expect(response.status()).toBe(201);
  }

  /** Back to a new user's state: default columns and no custom fields. */
  async reset() {
    for (const definition of await this.definitions()) {
      const response = await this.context.delete(
        `/api/v1/custom-fields/definitions/${definition.id}`,
        { headers: await this.auth() },
      );
      expect(response.status()).toBe(204);
    }
    const defaults = await this.context.get('/api/v1/preferences/columns/products/defaults', {
      headers: await this.auth(),
    });
    const { defaults: preferences } = (await defaults.json()) as { defaults: unknown[] };
    const put = await this.context.put('/api/v1/preferences/columns/products', {
      headers: await this.auth(),
      data: { preferences },
    });
    expect(put.status()).toBe(200);
  }

  /** Signs out another session by revoking its refresh token, as the server does on logout. */
  async revoke(refreshToken: string) {
    const response = await this.context.post('/api/v1/auth/logout', { data: { refreshToken } });
    expect(response.ok()).toBe(true);
  }

  dispose() {
    return this.context.dispose();
  }
}
