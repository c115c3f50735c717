import { Hono } from 'hono';
import {
  changePersonWrite,
  inviteWrite,
  resendInvitationWrite,
  revokeInvitationWrite,
} from '#domains/team/writes.ts';
import { findAuthUser } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { uuidParam } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import { changePerson, invite, listTeam, resendInvitation, revokeInvitation } from './team.ts';

/**
 * Team & Permissions: GET /team; POST /team/invitations, POST /team/invitations/{id}/resend,
 * DELETE /team/invitations/{id}; PATCH /team/people/{id} {role?, disabled?}. Who may call them
 * is in http/route-rules.ts; what a manager may not do to owners is checked in team/team.ts.
 */
export function teamRoutes(deps: Deps, writes: WriteRoutes) {
  const { now } = deps;
  const app = new Hono<AppEnv>();

  async function mail(
    db: Db,
    caller: { userId: string; businessId: string },
    sent: {
      invitation: { email: string; name: string; role: 'owner' | 'manager' | 'staff' };
      token: string;
    },
  ) {
    const inviter = await findAuthUser(db, caller.userId, caller.businessId);
    await deps.mailer.send(
      invitationMail(sent.invitation.email, deps.appUrl, sent.token, {
        name: sent.invitation.name,
        role: sent.invitation.role,
        businessName: inviter?.businessName ?? 'your business',
        invitedBy: inviter?.name ?? 'A colleague',
      }),
    );
  }

  app.get('/', async (c) => c.json(await listTeam(c.var.db, c.get('caller').businessId, now())));

  writes.add(inviteWrite, async (c, input) => {
    const caller = c.get('caller');
    const sent = await invite(c.var.db, caller, input, now());
    await mail(c.var.db, caller, sent);
    return c.json(sent.invitation, 201);
  });

  writes.add(resendInvitationWrite, async (c, _body, { id }) => {
    const caller = c.get('caller');
    const sent = await resendInvitation(c.var.db, caller, uuidParam(id), now());
    await mail(c.var.db, caller, sent);
    return c.json(sent.invitation);
  });

  writes.add(revokeInvitationWrite, async (c, _body, { id }) => {
    await revokeInvitation(c.var.db, c.get('caller'), uuidParam(id), now());
    return c.body(null, 204);
  });

  writes.add(changePersonWrite, async (c, patch, { id }) => {
    const person = await changePerson(c.var.db, c.get('caller'), uuidParam(id), patch, now());
    return c.json(person);
  });

  return app;
}
