import { teamHandlers } from '../repositories/team.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const teamOnDevice = defineDeviceDomain({
  name: 'team',
  writeHandlers: teamHandlers,
});
