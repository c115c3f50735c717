import { defineWrite } from '#shared/write-declaration.ts';
import { BusinessProfileSchema } from './profile.ts';

/** The business profile, saved whole by an owner: the last save wins. */
export const saveBusinessProfileWrite = defineWrite({
  op: 'business.profile',
  method: 'PUT',
  route: '/business/profile',
  access: 'profile.manage',
  body: BusinessProfileSchema,
  role: 'save-state',
});
