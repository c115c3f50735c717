/**
 * Ids of records created on this device and not yet acknowledged. Writes of such a record wait
 * for its create, whose acknowledgement rewrites them to the server's id (outbox.ts).
 */
const PREFIX = 'tmp-';

export function temporaryId(): string {
  return `${PREFIX}${crypto.randomUUID()}`;
}

export function isTemporaryId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(PREFIX);
}

/** Whether a request path names a record by its temporary id: it cannot be sent yet. */
export function namesTemporaryId(path: string): boolean {
  return path.includes(PREFIX);
}
