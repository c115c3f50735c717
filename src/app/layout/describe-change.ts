import type { OutboxEntry } from '#data/sync/outbox-entry.ts';

/** A change waiting in the outbox, in words for the Pending changes panel. */
export function describeChange(entry: OutboxEntry): string {
  const name = (value: unknown) =>
    typeof (value as { field_name?: unknown } | null)?.field_name === 'string'
      ? `"${(value as { field_name: string }).field_name}"`
      : '';
  switch (entry.op) {
    case 'columns.visibility':
      return 'Column visibility';
    case 'columns.order':
      return 'Column order';
    case 'columns.reset-order':
      return 'Default column order';
    case 'columns.reset':
      return 'Columns reset to defaults';
    case 'columns.recovery':
      return 'Column preferences repaired';
    case 'inventory-settings.save':
      return 'Inventory settings';
    case 'custom-field.create':
      return `New custom field ${name(entry.body)}`.trim();
    case 'custom-field.update':
      return `Changes to custom field ${name(entry.body)}`.trim();
    case 'custom-field.delete':
      return `Deleting custom field ${name(entry.revert)}`.trim();
  }
}
