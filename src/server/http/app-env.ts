import type { Caller } from '../auth/access-tokens.ts';

/** Hono context variables: the authenticated caller, set by requireCaller. */
export interface AppEnv {
  Variables: { caller: Caller };
}
