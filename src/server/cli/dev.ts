import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API (reloading on server changes) and Vite's dev server (hot-reloading the
 * client, proxying /api to the API) side by side. Ctrl+C stops both.
 */
const apiPort = process.env.API_PORT ?? '8787';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts', '--api-only'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

let exiting = false;
function stopAll(code: number) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
