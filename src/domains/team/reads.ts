import { defineRead } from '#shared/read-declaration.ts';
import { TeamSchema } from './team.ts';

export const teamRead = defineRead({
  route: '/team',
  access: 'team.manage',
  answer: TeamSchema,
  caching: 'network-first',
});

export const teamReads = [teamRead];
