import { CUSTOM_FIELD_MESSAGES } from '#shared/custom-fields/messages.ts';
import {
  columnOrderFailureMessage,
  httpErrorMessage,
  PREFERENCE_MESSAGES,
} from '#shared/preferences/messages.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * What the user is told when the server refuses a queued change (spec section 8): an alert, or,
 * where the spec says so, only a logged warning.
 */
export type FailureNotice = { kind: 'alert'; text: string } | { kind: 'warning'; text: string };

function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

export function failureNotice(entry: OutboxEntry, status: number, body: unknown): FailureNotice {
  const details = httpErrorMessage(status, bodyText(body));
  switch (entry.op) {
    case 'columns.visibility':
    case 'columns.recovery':
      return status === 401
        ? { kind: 'alert', text: PREFERENCE_MESSAGES.authFailed }
        : { kind: 'warning', text: `Saving column visibility failed: ${details}` };
    case 'columns.order':
      return { kind: 'alert', text: columnOrderFailureMessage('drag', status, details) };
    case 'columns.reset-order':
      return { kind: 'alert', text: columnOrderFailureMessage('reset', status, details) };
    case 'columns.reset':
      return { kind: 'alert', text: PREFERENCE_MESSAGES.resetFailed };
    case 'inventory-settings.save':
      return { kind: 'alert', text: PREFERENCE_MESSAGES.settingsSaveFailed };
    case 'custom-field.create':
    case 'custom-field.update': {
      const message = (body as { message?: unknown } | null)?.message;
      return {
        kind: 'alert',
        text:
          status === 400 && typeof message === 'string'
            ? message
            : CUSTOM_FIELD_MESSAGES.saveFailed,
      };
    }
    case 'custom-field.delete':
      return { kind: 'alert', text: CUSTOM_FIELD_MESSAGES.deleteFailed };
  }
}
