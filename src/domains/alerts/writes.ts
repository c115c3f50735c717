import { defineWrite } from '#shared/write-declaration.ts';
import { DismissalSchema } from './alert.ts';

/** An alert dismissed or snoozed by the person signed in, for themselves (alert.ts). */
export const dismissAlertWrite = defineWrite({
  op: 'alert.dismiss',
  method: 'PUT',
  route: '/alerts/dismissals/:key',
  access: 'signed-in',
  body: DismissalSchema,
  role: 'update',
});

/** Shown again (Undo). */
export const restoreAlertWrite = defineWrite({
  op: 'alert.restore',
  method: 'DELETE',
  route: '/alerts/dismissals/:key',
  access: 'signed-in',
  body: null,
  role: 'delete',
});
