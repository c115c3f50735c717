import { defineRead } from '#shared/read-declaration.ts';
import { AlertsAnswerSchema } from './alert.ts';

/** What needs the caller's attention now; offline, the last answer with its time. */
export const alertsRead = defineRead({
  route: '/alerts',
  access: 'signed-in',
  answer: AlertsAnswerSchema,
  caching: 'network-first',
});

export const alertsReads = [alertsRead];
