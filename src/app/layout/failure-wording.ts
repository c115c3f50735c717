import type { OutboxEntry } from '#data/sync/outbox-entry.ts';

const REFUSED = 'The server refused this change.';

/** Where a change stands, in words for the Pending changes panel, by the reason it is held. */
export function failureWording(entry: OutboxEntry): string {
  const { failure } = entry;
  if (!failure) return entry.state === 'needs-attention' ? REFUSED : 'Waiting to be sent';
  switch (failure.reason) {
    case 'network':
      return 'Not sent yet: the server could not be reached. It is tried again by itself.';
    case 'server':
      return 'Not sent yet: the server had a problem. It is tried again by itself.';
    case 'rate-limited':
      return 'Not sent yet: the server asked to wait a moment. It is tried again by itself.';
    case 'session-expired':
      return 'Not sent yet: your session needs renewing. Sign in again if you are asked to.';
    case 'refused':
      return failure.message ?? REFUSED;
    case 'conflict':
      return (
        failure.message ??
        'This change clashes with a newer one on the server. Retry or discard it.'
      );
    case 'failing':
      return `The server failed on this change ${failure.serverErrors?.count ?? 'several'} times while it saved others${failure.message ? ` (${failure.message})` : ''}. Retry or discard it.`;
    case 'outdated':
      return 'This change was saved by an older version of Vintry and cannot be sent as it is.';
  }
}
