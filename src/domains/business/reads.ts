import { AuthUserSchema } from '#shared/auth/schemas.ts';
import { defineRead } from '#shared/read-declaration.ts';
import { BusinessProfileAnswerSchema } from './profile.ts';

/** Who is signed in, with their business's name. */
export const userProfileRead = defineRead({
  route: '/user/profile',
  access: 'signed-in',
  answer: AuthUserSchema,
  caching: 'network-first',
});

export const businessProfileRead = defineRead({
  route: '/business/profile',
  access: 'signed-in',
  answer: BusinessProfileAnswerSchema,
  caching: 'network-first',
});

export const businessReads = [userProfileRead, businessProfileRead];
