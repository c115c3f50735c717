import { appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the browser tests' servers write their request logs, each line after the time it was
 * read (ms since the epoch), so that a failed journey can be shown what the server was doing
 * meanwhile (slow-steps-reporter.ts).
 */
export const E2E_LOG_DIR = path.join(os.tmpdir(), 'vintry-e2e-logs');

/** Calls `onLine` with each whole line of `stream`, and keeps it in the log file `name`. */
export function keepServerLog(
  stream: Readable | null,
  name: string,
  onLine: (line: string) => void = () => {},
) {
  if (!stream) return;
  mkdirSync(E2E_LOG_DIR, { recursive: true });
  const file = path.join(E2E_LOG_DIR, `${name}.log`);
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    const whole = lines.filter(Boolean);
    if (whole.length === 0) return;
    const now = Date.now();
    appendFileSync(file, whole.map((line) => `${now} ${line}\n`).join(''));
    for (const line of whole) onLine(line);
  });
}
