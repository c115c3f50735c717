/**
 * An outbox entry (ARCHITECTURE.md section 4): one write waiting for the server. It never holds
 * a token; the token is attached when it is sent.
 */
export type OutboxState = 'pending' | 'sending' | 'needs-attention';

/** What a write does, which decides how it coalesces, what it reverts and what the user is told. */
export type OutboxOp =
  | 'columns.visibility'
  | 'columns.order'
  | 'columns.reset-order'
  | 'columns.reset'
  | 'columns.recovery'
  | 'inventory-settings.save'
  | 'custom-field.create'
  | 'custom-field.update'
  | 'custom-field.delete';

/** The version of this entry format; an entry of another version is never replayed blind. */
export const OUTBOX_SCHEMA_VERSION = 1;

export interface OutboxEntry {
  seq?: number;
  id: string;
  /** Entries of one resource are sent in seq order; resources do not wait for each other. */
  resource: string;
  op: OutboxOp;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  state: OutboxState;
  lastError: string | null;
  /** HTTP status of the refusal, for entries that need attention. */
  lastStatus: number | null;
  /** Not before this time (backoff after a failure). */
  nextAttemptAt: number;
  schemaVersion: number;
  /** What restores the local state if the server refuses the write. */
  revert: unknown;
  /** For an entry about one record (a custom field): its id, temporary or not. */
  recordId?: number | string;
}

/** The resources of the outbox: whose writes they are. */
export const columnPreferencesResource = (table: string) => `column-preferences:${table}`;
export const customFieldsResource = (entityType: string) => `custom-fields:${entityType}`;
const COLUMN_RESOURCE = columnPreferencesResource('');
const CUSTOM_FIELD_RESOURCE = customFieldsResource('');

export const isColumnPreferencesResource = (resource: string) =>
  resource.startsWith(COLUMN_RESOURCE);

/**
 * Which writes wait for which (ARCHITECTURE.md section 4: seq order per resource). Column
 * preferences name custom fields, so the two go in one order: a column save never overtakes the
 * create of a field it shows, nor follows the delete of one it no longer shows. Other resources
 * keep an order of their own and do not wait for each other.
 */
export function sendOrder(resource: string): string {
  return isColumnPreferencesResource(resource) || resource.startsWith(CUSTOM_FIELD_RESOURCE)
    ? 'columns-and-custom-fields'
    : resource;
}
