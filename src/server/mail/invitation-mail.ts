import { ROLE_LABELS } from '#shared/auth/permissions.ts';
import type { Role } from '#shared/auth/schemas.ts';
import { escapeHtml, type MailMessage } from './mailer.ts';

/** The invitation mail. Like the reset mail, its link is the one place its token appears. */
export function invitationMail(
  to: string,
  appUrl: string,
  token: string,
  invite: { name: string; businessName: string; role: Role; invitedBy: string },
): MailMessage {
  const link = `${appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  const role = ROLE_LABELS[invite.role].toLowerCase();
  const text = [
    `Hello ${invite.name},`,
    '',
    `${invite.invitedBy} has invited you to ${invite.businessName} on Vintry, as ${role}.`,
    '',
    'Choose your password here (the link works once, for 7 days):',
    link,
    '',
    'If you did not expect this, ignore this mail.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(invite.name)},</p>
<p>${escapeHtml(invite.invitedBy)} has invited you to ${escapeHtml(invite.businessName)} on Vintry, as ${role}.</p>
<p><a href="${link}">Choose your password</a> (the link works once, for 7 days).</p>
<p>If you did not expect this, ignore this mail.</p>`;
  return { to, subject: `Join ${invite.businessName} on Vintry`, text, html };
}
