import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

/**
 * The runtime contract of ARCHITECTURE.md section 1, read from the environment once at start.
 * Every variable is listed in README's configuration table.
 */
const integer = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.toNumber(), v.integer(), v.minValue(min), v.maxValue(max)),
    String(fallback),
  );

const EnvSchema = v.object({
  PORT: integer(8080, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'),
    ),
  ),
  SEED_DEMO: v.optional(v.picklist(['0', '1']), '1'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.trim(), v.url('SMTP_URL must be a URL'))),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty()),
    'Vintry <no-reply@vintry.local>',
  ),
  JWT_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters')),
  ),
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 5, 86_400),
  APP_URL: v.optional(v.pipe(v.string(), v.trim(), v.url('APP_URL must be a URL'))),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  TRUST_PROXY: v.optional(v.picklist(['0', '1']), '0'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  appUrl: string;
  staticDir: string;
  /** Behind a reverse proxy: the client's address is the one it adds to X-Forwarded-For. */
  trustProxy: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
      return `${key}: ${issue.message}`;
    });
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO === '1',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    staticDir: e.STATIC_DIR
      ? path.resolve(e.STATIC_DIR)
      : fileURLToPath(new URL('../../dist', import.meta.url)),
    trustProxy: e.TRUST_PROXY === '1',
  };
}
