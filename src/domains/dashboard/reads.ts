import { defineRead } from '#shared/read-declaration.ts';
import { DashboardSnapshotSchema } from './snapshot.ts';

/** The whole snapshot (`?tz=`); offline, the last one with 'Updated {time}'. */
export const dashboardRead = defineRead({
  route: '/dashboard',
  access: 'signed-in',
  answer: DashboardSnapshotSchema,
  caching: 'network-first',
});

export const dashboardReads = [dashboardRead];
