import type { MailMessage } from './mailer.ts';

/** The reset mail: the one place a token appears in a URL, by design. */
export function passwordResetMail(to: string, appUrl: string, token: string): MailMessage {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    'Someone asked to reset the password of your Vintry account.',
    '',
    `Choose a new password here (the link works once, for one hour):`,
    link,
    '',
    'If it was not you, ignore this mail; your password stays as it is.',
  ].join('\n');
  const html = `<p>Someone asked to reset the password of your Vintry account.</p>
<p><a href="${link}">Choose a new password</a> (the link works once, for one hour).</p>
<p>If it was not you, ignore this mail; your password stays as it is.</p>`;
  return { to, subject: 'Reset your Vintry password', text, html };
}
