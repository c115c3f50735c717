import type { AccessTokens } from './auth/access-tokens.ts';
import type { Db, DbKind } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';

/** What the HTTP app needs from the outside world; tests pass in-memory and fake versions. */
export interface Deps {
  db: Db;
  dbKind: DbKind;
  tokens: AccessTokens;
  mailer: Mailer;
  log: Logger;
  /** Base of links in mail, e.g. the reset-password link. */
  appUrl: string;
  /** The clock every expiry and window is measured with. */
  now: () => Date;
  /** Build every business's catalogue answer once at start, before anyone asks (the server). */
  prepareCatalogues?: boolean;
  /** Behind a reverse proxy (TRUST_PROXY=1): clients are told apart by X-Forwarded-For. */
  trustProxy?: boolean;
  /** Folder of the built PWA; omitted when only the API is served (tests, `npm run dev`). */
  staticDir?: string;
}
