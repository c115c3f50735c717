import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { askAgainAfterPull } from '#app/live-updates.tsx';

/**
 * After a pull, the reads asked again: all when the business changed; on connecting, those a
 * reload restored from storage (answered before the page started), which may predate what the
 * pull brought, however fresh their age says they are, and not those this page just read.
 */
describe('the reads asked again after a pull', () => {
  const pageStartedAt = Date.parse('2026-11-30T17:00:00Z');
  const client = new QueryClient();
  client.setQueryData(['dashboard'], 'before the reload', {
    updatedAt: pageStartedAt - 10_000,
  });
  client.setQueryData(['orders'], 'read on this page', { updatedAt: pageStartedAt + 500 });
  const picked = (reason: 'connected' | 'changed') =>
    client
      .getQueryCache()
      .findAll({ predicate: askAgainAfterPull(reason, pageStartedAt) })
      .map((query) => query.queryKey[0]);

  it('on connecting, asks again only for what was restored from before the page', () => {
    expect(picked('connected')).toEqual(['dashboard']);
  });

  it('when the business changed, asks again for everything', () => {
    expect(picked('changed').sort()).toEqual(['dashboard', 'orders']);
  });
});
