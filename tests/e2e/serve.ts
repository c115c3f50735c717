import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { openConfiguredDatabase } from '#server/bootstrap.ts';
import { COMMANDS } from '#server/cli/commands.ts';
import { readConfig } from '#server/config.ts';
import { consoleLogger } from '#server/logger.ts';
import {
  ALERTS_USER,
  BUYER,
  E2E_DATA_DIR,
  E2E_PORT,
  EXAMPLES_USER,
  FIRST_DAY_USER,
  IMPORT_USER,
  RECEIVER,
  REPORTS_USER,
  RESET_USER,
  SCAN_USER,
  SETTINGS_USER,
  TEAM_OWNER,
  TILL_MANAGER,
  TILL_STAFF,
} from './e2e-env.ts';
import { E2E_LOG_DIR, keepServerLog } from './server-log.ts';

/**
 * The browser tests' server: a fresh data folder, extra accounts made with the admin CLI's command,
 * then `npm start` exactly as README says (build, then serve with the demo data).
 */
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
rmSync(E2E_LOG_DIR, { recursive: true, force: true });
const env = { ...process.env, PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR };

// The admin CLI's create-user for each account, in this one process: the data folder is opened
// (migrated and seeded) once instead of once an account (about 35 s fewer before the first test).
const database = await openConfiguredDatabase(readConfig(env), consoleLogger, 'admin CLI');
const createUser = COMMANDS['create-user'];
if (!createUser) throw new Error('The admin CLI has no create-user command');
const accounts: [string, string, string, string, ('staff' | 'manager')?][] = [
  [RESET_USER.email, RESET_USER.password, 'Demo Cellar', 'Riley Reset'],
  [SETTINGS_USER.email, SETTINGS_USER.password, SETTINGS_USER.business, 'Sam Settings'],
  [EXAMPLES_USER.email, EXAMPLES_USER.password, EXAMPLES_USER.business, 'Eli Examples'],
  [SCAN_USER.email, SCAN_USER.password, SCAN_USER.business, 'Sky Scanner'],
  [IMPORT_USER.email, IMPORT_USER.password, IMPORT_USER.business, 'Ivy Importer'],
  [FIRST_DAY_USER.email, FIRST_DAY_USER.password, FIRST_DAY_USER.business, 'Frankie First'],
  [TILL_STAFF.email, TILL_STAFF.password, TILL_STAFF.business, TILL_STAFF.name, 'staff'],
  [TILL_MANAGER.email, TILL_MANAGER.password, TILL_MANAGER.business, TILL_MANAGER.name, 'manager'],
  [TEAM_OWNER.email, TEAM_OWNER.password, TEAM_OWNER.business, 'Olive Owner'],
  [BUYER.email, BUYER.password, BUYER.business, BUYER.name],
  [ALERTS_USER.email, ALERTS_USER.password, ALERTS_USER.business, 'Ada Alerts'],
  [REPORTS_USER.email, REPORTS_USER.password, REPORTS_USER.business, 'Rita Reports'],
  [RECEIVER.email, RECEIVER.password, RECEIVER.business, RECEIVER.name, 'staff'],
];
try {
  for (const [email, password, business, name, role] of accounts) {
    const args = ['--email', email, '--password', password, '--business', business, '--name', name];
    console.log(await createUser.run(database.db, role ? [...args, '--role', role] : args));
  }
} finally {
  await database.close();
}

const server = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
// Playwright ignores this process's stdout (the request log, kept in the file); stderr it shows.
keepServerLog(server.stdout, 'main');
keepServerLog(server.stderr, 'main', (line) => console.error(line));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
