import { existsSync } from 'node:fs';
import path from 'node:path';
import { startLowStockDigests } from './alerts/low-stock-digest.ts';
import { createApp } from './app.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { loadJwtSecret } from './auth/secrets.ts';
import { openConfiguredDatabase } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { listen } from './http/listen.ts';
import { consoleLogger as log } from './logger.ts';
import { createMailer } from './mail/mailer.ts';

/** `npm start` / `npm run dev`: one process serving the API and, when built, the PWA. */
async function main() {
  const config = readConfig();
  const apiOnly = process.argv.includes('--api-only');
  const database = await openConfiguredDatabase(config, log, 'server');
  const secret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const staticDir = apiOnly ? undefined : config.staticDir;
  if (staticDir && !existsSync(path.join(staticDir, 'index.html'))) {
    log.error(`No build in ${staticDir}: run \`npm run build\` first. Serving the API only.`);
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
  });
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    tokens: createAccessTokens(secret, config.accessTokenTtlSeconds),
    mailer,
    log,
    appUrl: config.appUrl,
    now: () => new Date(),
    prepareCatalogues: true,
    trustProxy: config.trustProxy,
    ...(staticDir ? { staticDir } : {}),
  });

  const server = listen(app.fetch, { port: config.port, hostname: config.host }, (port) => {
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    log.info(`Vintry is serving on http://${hostLabel(config.host)}:${port} (database: ${where})`);
  });

  // The people's low-stock digests, checked every few minutes (once a period however many
  // instances run).
  const stopDigests = startLowStockDigests({
    db: database.db,
    mailer,
    log,
    now: () => new Date(),
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopDigests();
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    // Keep-alive connections would hold close() open: give them a moment, then go.
    setTimeout(() => database.close().finally(() => process.exit(0)), 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function hostLabel(host: string) {
  return host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

main().catch((error: unknown) => {
  log.error(error instanceof Error ? error.message : 'Vintry could not start', error);
  process.exit(1);
});
