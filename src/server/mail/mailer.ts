import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';

/**
 * Outgoing mail. With SMTP_URL, nodemailer sends it; without, nodemailer renders the same RFC 822
 * message and it is written to DATA_DIR/mail/*.eml, so a developer or a test can open it; the
 * log names the file, never the link in it.
 */
/** Text as HTML shows it literally: names and notes people typed go into mail bodies. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a purchase order's CSV). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const folder = path.join(options.dataDir, 'mail');
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The path only: an invitation's or a reset's link carries a live token, and logs travel
      // further than the data folder (a terminal's scrollback, a log collector).
      options.log.info(`Mail to ${message.to} written to ${file}`);
    },
  };
}
