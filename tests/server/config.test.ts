import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';

describe('readConfig', () => {
  it('applies the defaults of the runtime contract', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      seedDemo: true,
      smtpUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      appUrl: 'http://localhost:8080',
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/vintry',
      DATABASE_URL: 'postgres://vintry@db/vintry',
      SEED_DEMO: '0',
      SMTP_URL: 'smtp://mail.example.test:587',
      MAIL_FROM: 'Cellar <cellar@example.test>',
      JWT_SECRET: 's'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      APP_URL: 'https://vintry.example.test/',
      STATIC_DIR: '/srv/vintry-build',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/vintry',
      databaseUrl: 'postgres://vintry@db/vintry',
      seedDemo: false,
      smtpUrl: 'smtp://mail.example.test:587',
      mailFrom: 'Cellar <cellar@example.test>',
      accessTokenTtlSeconds: 60,
      appUrl: 'https://vintry.example.test',
      staticDir: '/srv/vintry-build',
    });
  });

  it('serves the build of this checkout unless STATIC_DIR names another', () => {
    expect(readConfig({}).staticDir).toBe(path.resolve(import.meta.dirname, '../../dist'));
  });

  it('derives APP_URL from PORT', () => {
    expect(readConfig({ PORT: '9100' }).appUrl).toBe('http://localhost:9100');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, 'ACCESS_TOKEN_TTL_SECONDS'],
  ])('refuses %j with a message naming the problem', (env, expected) => {
    expect(() => readConfig(env)).toThrow(expected);
  });
});
