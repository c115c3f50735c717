import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import {
  BUYER,
  E2E_DATA_DIR,
  E2E_PORT,
  EXAMPLES_USER,
  FIRST_DAY_USER,
  IMPORT_USER,
  RECEIVER,
  RESET_USER,
  SCAN_USER,
  SETTINGS_USER,
  TEAM_OWNER,
  TILL_MANAGER,
  TILL_STAFF,
} from './e2e-env.ts';
import { E2E_LOG_DIR, keepServerLog } from './server-log.ts';

/**
 * The browser tests' server: a fresh data folder, extra accounts made with the admin CLI,
 * then `npm start` exactly as README says (build, then serve with the demo data).
 */
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
rmSync(E2E_LOG_DIR, { recursive: true, force: true });
const env = { ...process.env, PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR };

function createUser(
  email: string,
  password: string,
  business: string,
  name: string,
  role?: 'staff' | 'manager',
) {
  const created = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create-user',
      '--email',
      email,
      '--password',
      password,
      '--business',
      business,
      '--name',
      name,
      ...(role ? ['--role', role] : []),
    ],
    { env, stdio: 'inherit' },
  );
  if (created.status !== 0) process.exit(created.status ?? 1);
}
createUser(RESET_USER.email, RESET_USER.password, 'Demo Cellar', 'Riley Reset');
createUser(SETTINGS_USER.email, SETTINGS_USER.password, SETTINGS_USER.business, 'Sam Settings');
createUser(EXAMPLES_USER.email, EXAMPLES_USER.password, EXAMPLES_USER.business, 'Eli Examples');
createUser(SCAN_USER.email, SCAN_USER.password, SCAN_USER.business, 'Sky Scanner');
createUser(IMPORT_USER.email, IMPORT_USER.password, IMPORT_USER.business, 'Ivy Importer');
createUser(FIRST_DAY_USER.email, FIRST_DAY_USER.password, FIRST_DAY_USER.business, 'Frankie First');
createUser(TILL_STAFF.email, TILL_STAFF.password, TILL_STAFF.business, TILL_STAFF.name, 'staff');
createUser(
  TILL_MANAGER.email,
  TILL_MANAGER.password,
  TILL_MANAGER.business,
  TILL_MANAGER.name,
  'manager',
);
createUser(TEAM_OWNER.email, TEAM_OWNER.password, TEAM_OWNER.business, 'Olive Owner');
createUser(BUYER.email, BUYER.password, BUYER.business, BUYER.name);
createUser(RECEIVER.email, RECEIVER.password, RECEIVER.business, RECEIVER.name, 'staff');

const server = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
// Playwright ignores this process's stdout (the request log, kept in the file); stderr it shows.
keepServerLog(server.stdout, 'main');
keepServerLog(server.stderr, 'main', (line) => console.error(line));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
