import { defineRead } from '#shared/read-declaration.ts';
import { AlertsAnswerSchema } from './alert.ts';

/**
 * What needs the caller's attention now. Offline, the page shows the last answer it kept itself
 * (the persisted query cache) with its time: an older answer from the worker's cache could list
 * again what was dismissed here since (repositories/alerts.ts forgets a dismissal once a newer
 * answer leaves it out).
 */
export const alertsRead = defineRead({
  route: '/alerts',
  access: 'signed-in',
  answer: AlertsAnswerSchema,
  caching: 'never',
});

export const alertsReads = [alertsRead];
