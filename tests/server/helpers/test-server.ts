import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { changeHub, createApp } from '#server/app.ts';
import { createAccessTokens } from '#server/auth/access-tokens.ts';
import { createUser } from '#server/auth/users.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { type Logger, silentLogger } from '#server/logger.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { Role } from '#shared/auth/schemas.ts';

/**
 * A fresh server per test file: in-memory PGlite, or a throwaway database on the PostgreSQL that
 * TEST_DATABASE_URL points at (CI runs the server suite a second time that way). The clock can be
 * moved forward to cross token lifetimes and rate-limit windows; sent mail is kept in `mail`.
 */
export const TEST_APP_URL = 'http://vintry.test:8080';
export const ACCESS_TTL_SECONDS = 900;

/** A new, empty database on the PostgreSQL named by `adminUrl`, and how to drop it. */
export async function createEmptyPostgresDatabase(adminUrl: string) {
  const name = `vintry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openTestDatabase(): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // The migrated template the suite's global setup dumped, when there is one.
    const template = inject('pgliteTemplate');
    return openDatabase({
      kind: 'memory',
      ...(template ? { from: new Blob([await readFile(template)]) } : {}),
    });
  }
  const empty = await createEmptyPostgresDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    ...database,
    url: empty.url,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** The link a mail's text carries (an invitation's, a reset's), as a person would click it. */
export function linkIn(message: MailMessage | undefined): string {
  return /https?:\/\/\S+/.exec(message?.text ?? '')?.[0] ?? '';
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function createTestServer(options: { staticDir?: string; log?: Logger } = {}) {
  const database = await openTestDatabase();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const mail: MailMessage[] = [];
  const secret = randomBytes(32);
  const tokens = createAccessTokens(secret, ACCESS_TTL_SECONDS, now);
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    tokens,
    mailer: {
      send: async (message) => {
        mail.push(message);
      },
    },
    log: options.log ?? silentLogger,
    appUrl: TEST_APP_URL,
    now,
    // Tests tell clients apart by X-Forwarded-For, as a reverse proxy would.
    trustProxy: true,
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
  });

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await app.request(path, {
      method,
      headers,
      ...(init.body !== undefined
        ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }
        : {}),
    });
    // A stream (GET /live) never ends: what it sent first is its answer here.
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const reader = response.body?.getReader();
      const first = await reader?.read();
      await reader?.cancel();
      const body = new TextDecoder().decode(first?.value);
      return { status: response.status, headers: response.headers, body };
    }
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      body = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body };
  }

  async function login(email: string, password: string) {
    const response = await call('POST', '/api/v1/auth/login', { body: { email, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
    return response.body as { accessToken: string; refreshToken: string; user: { id: string } };
  }

  return {
    app,
    db: database.db,
    dbKind: database.kind,
    /** The PostgreSQL database's URL, for a second connection; undefined on PGlite. */
    databaseUrl: database.url,
    tokens,
    mail,
    now,
    call,
    advance: (ms: number) => {
      offsetMs += ms;
    },
    createUser: (input: {
      email: string;
      password: string;
      businessName: string;
      role?: Role;
      name?: string;
    }) =>
      createUser(database.db, {
        email: input.email,
        password: input.password,
        businessName: input.businessName,
        role: input.role ?? 'owner',
        name: input.name ?? input.email,
      }),
    login,
    /**
     * Two businesses with a signed-in user each: Harbour Wines (a@harbour.test) and Hilltop
     * Spirits (b@hilltop.test), for tests of business scoping.
     */
    twoBusinesses: async () => {
      const accounts = [
        { email: 'a@harbour.test', password: 'Harbour2026', businessName: 'Harbour Wines' },
        { email: 'b@hilltop.test', password: 'Hilltop2026', businessName: 'Hilltop Spirits' },
      ];
      const [harbour, hilltop] = await Promise.all(
        accounts.map(async (account) => {
          const { businessId } = await createUser(database.db, {
            ...account,
            role: 'owner',
            name: account.email,
          });
          const { accessToken } = await login(account.email, account.password);
          return { businessId, token: accessToken };
        }),
      );
      if (!harbour || !hilltop) throw new Error('the two businesses were not created');
      return { harbour, hilltop };
    },
    /**
     * Every business of this database began long ago: sales, returns and movements dated in
     * the past (a fixed day a test was written for) fall in their life (business/life.ts).
     */
    foundedLongAgo: () =>
      database.db.execute(sql`update businesses set created_at = '2020-01-01T00:00:00Z'`),
    close: () => {
      changeHub(app)?.close();
      return database.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
