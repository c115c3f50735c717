import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '#server/mail/mailer.ts';
import { passwordResetMail } from '#server/mail/password-reset-mail.ts';

describe('mail without SMTP_URL', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vintry-mail-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('writes an .eml file under DATA_DIR/mail and logs its path, never the link', async () => {
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Vintry <no-reply@vintry.local>',
      dataDir,
      log: { info: (line) => logged.push(line), error: () => {} },
    });
    await mailer.send(passwordResetMail('demo@vintry.test', 'http://localhost:8080', 'tok_123'));
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: demo@vintry.test');
    expect(eml).toContain('Subject: Reset your Vintry password');
    expect(eml).toContain('http://localhost:8080/reset-password?token=tok_123');
    // The link carries a live token: the log names the file that holds it, and nothing more.
    expect(logged).toEqual([
      `Mail to demo@vintry.test written to ${path.join(dataDir, 'mail', files[0] ?? '')}`,
    ]);
    expect(logged.join('\n')).not.toContain('tok_123');
  });
});
