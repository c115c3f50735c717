import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '#server/db/data-dir-lock.ts';

describe('the data folder lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vintry-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds it, naming the holder', async () => {
    const lockFile = path.join(dataDir, 'vintry.lock');
    // Another live process (our parent) holds the folder as the server.
    await writeFile(lockFile, JSON.stringify({ pid: process.ppid, role: 'server' }));
    await expect(lockDataDir(dataDir, 'admin CLI')).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by the Vintry server (pid ${process.ppid}). ` +
        'To add or change people while it runs, use Settings → Team & Permissions in the app. ' +
        'Otherwise stop the server first',
    );
    expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    await writeFile(
      path.join(dataDir, 'vintry.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server' }),
    );
    const release = await lockDataDir(dataDir, 'server');
    expect(JSON.parse(await readFile(path.join(dataDir, 'vintry.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      role: 'server',
    });
    await release();
    await expect(readFile(path.join(dataDir, 'vintry.lock'))).rejects.toThrow('ENOENT');
  });
});
