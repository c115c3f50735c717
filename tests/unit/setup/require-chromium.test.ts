import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../fixtures/require-chromium.ts');
const run = (chromium: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });

describe('npm test before anything else', () => {
  it('stops at once, saying how to install Chromium, when there is none', () => {
    const result = run('/nowhere/chromium');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The browser tests need Chromium at /nowhere/chromium');
    expect(result.stderr).toContain('apt-get install chromium');
  });

  it('goes on with the Chromium CHROMIUM_PATH names', () => {
    const result = run(process.execPath); // any executable stands in for it
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
