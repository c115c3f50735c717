import type { FeedDeclaration } from './feed-declaration.ts';
import type { ReadDeclaration } from './read-declaration.ts';

/**
 * What a domain declares for every side (src/domains/<name>/module.ts), composed in one line per
 * domain in src/domains/modules.ts: its reads (the server's route rules and the service worker's
 * caching come from them) and its feeds (the one pull). Its writes are declared beside it
 * (writes.ts) and registered by the sides that send and answer them: the device's module
 * (src/data/domains/) and the server's (src/server/<name>/module.ts).
 */
export interface DomainModule {
  readonly name: string;
  readonly reads: readonly ReadDeclaration[];
  readonly feeds?: readonly FeedDeclaration[];
}

export function defineDomain<const T extends DomainModule>(module: T): T {
  return module;
}
