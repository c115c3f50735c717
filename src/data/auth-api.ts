import * as v from 'valibot';
import { type InvitationPreview, InvitationPreviewSchema } from '#domains/team/team.ts';
import { API_PREFIX } from '#shared/api.ts';
import { LoginResponseSchema, type LoginResult } from '#shared/auth/schemas.ts';
import { ApiError, publicPost } from './api-client.ts';

/** The authentication calls of spec section 7 (no Bearer header). */

export async function requestLogin(email: string, password: string): Promise<LoginResult> {
  const body = await publicPost('/auth/login', { email, password });
  const parsed = v.safeParse(LoginResponseSchema, body);
  if (!parsed.success) throw new ApiError('Unexpected login answer', 200, 'OK', body);
  return parsed.output;
}

/** Who an invitation link is for; 400 with the server's message when the link does not work. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const body = await publicPost('/auth/invitation', { token });
  const parsed = v.safeParse(InvitationPreviewSchema, body);
  if (!parsed.success) throw new ApiError('Unexpected invitation answer', 200, 'OK', body);
  return parsed.output;
}

/** Accepts an invitation with the password chosen: answered as a sign-in. */
export async function acceptInvitation(token: string, password: string): Promise<LoginResult> {
  const body = await publicPost('/auth/accept-invite', { token, password });
  const parsed = v.safeParse(LoginResponseSchema, body);
  if (!parsed.success) throw new ApiError('Unexpected sign-in answer', 201, 'Created', body);
  return parsed.output;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await publicPost('/auth/forgot-password', { email });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await publicPost('/auth/reset-password', { token, password });
}

/** Revokes the refresh token's family on the server; sent even while the page goes away. */
export async function requestLogout(refreshToken: string): Promise<void> {
  await fetch(`${API_PREFIX}/auth/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
    keepalive: true,
  });
}
