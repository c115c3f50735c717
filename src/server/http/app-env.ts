import type { Caller } from '../auth/access-tokens.ts';

/** Hono context variables: the authenticated caller, set by the guard (auth/guard.ts). */
export interface AppEnv {
  Variables: { caller: Caller };
}
