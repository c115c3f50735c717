import { Hono } from 'hono';
import { InviteRequestSchema, PersonPatchSchema } from '#domains/team/team.ts';
import { findAuthUser } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { idempotentWrites } from '../http/idempotency.ts';
import { uuidParam } from '../http/params.ts';
import { readJson } from '../http/read-json.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import {
  changePerson,
  invite,
  listTeam,
  resendInvitation,
  revokeInvitation,
} from '../team/team.ts';

/**
 * Team & Permissions: GET /team; POST /team/invitations, POST /team/invitations/{id}/resend,
 * DELETE /team/invitations/{id}; PATCH /team/people/{id} {role?, disabled?}. Who may call them
 * is in http/route-rules.ts; what a manager may not do to owners is checked in team/team.ts.
 */
export function teamRoutes(deps: Deps) {
  const { now } = deps;
  const app = new Hono<AppEnv>();
  // Replayed by the outbox: a write sent again is answered as the first time, not done again.
  app.use('*', idempotentWrites(deps));

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

  app.post('/invitations', async (c) => {
    const caller = c.get('caller');
    const input = await readJson(c, InviteRequestSchema);
    const sent = await invite(c.var.db, caller, input, now());
    await mail(c.var.db, caller, sent);
    return c.json(sent.invitation, 201);
  });

  app.post('/invitations/:id/resend', async (c) => {
    const caller = c.get('caller');
    const sent = await resendInvitation(c.var.db, caller, uuidParam(c.req.param('id')), now());
    await mail(c.var.db, caller, sent);
    return c.json(sent.invitation);
  });

  app.delete('/invitations/:id', async (c) => {
    await revokeInvitation(c.var.db, c.get('caller'), uuidParam(c.req.param('id')), now());
    return c.body(null, 204);
  });

  app.patch('/people/:id', async (c) => {
    const patch = await readJson(c, PersonPatchSchema);
    const person = await changePerson(
      c.var.db,
      c.get('caller'),
      uuidParam(c.req.param('id')),
      patch,
      now(),
    );
    return c.json(person);
  });

  return app;
}
