import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useStoredCustomFields } from '#data/hooks/use-stored.ts';
import { productHistoryQuery } from '#data/repositories/product-history.ts';
import { productField } from '#domains/products/fields.ts';
import { type ProductHistory, shownProductValue } from '#domains/products/product-write.ts';
import { Modal } from '#ui/modal.tsx';
import { PageSpinner } from '#ui/spinner.tsx';

type Change = ProductHistory['changes'][number];

const KIND_LABELS: Record<Change['kind'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  stock: 'Stock moved',
};

/** Keys a change names beside the product's fields and custom fields. */
const OTHER_LABELS: Readonly<Record<string, string>> = { stock_quantity: 'Stock' };

const whenFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export const HISTORY_TEXT = {
  notSynced: 'This product has not reached the server yet. Its history starts once it is synced.',
  unsynced: 'Changes not yet synced from this device are listed once the server has them.',
  empty: 'No changes recorded yet. Changes saved from now on are listed here.',
  offline: 'History needs a connection to the server. Try again when you are back online.',
  failed: 'History could not be loaded.',
  formerMember: 'a former team member',
} as const;

function ChangeEntry({ change, label }: { change: Change; label: (key: string) => string }) {
  const fields = Object.entries(change.fields);
  return (
    <li className="history__entry">
      <p className="history__meta">
        <strong>{KIND_LABELS[change.kind]}</strong>{' '}
        <time dateTime={change.at}>{whenFormat.format(new Date(change.at))}</time> by{' '}
        {change.by ?? HISTORY_TEXT.formerMember}
      </p>
      {change.source && change.source !== change.note ? (
        <p className="history__reason">{change.source}</p>
      ) : null}
      {change.reason ? (
        <p className="history__reason">
          {change.reason}
          {change.note ? `: ${change.note}` : ''}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <table className="history__fields">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([key, [before, after]]) => (
              <tr key={key}>
                <th scope="row">{label(key)}</th>
                <td>{shownProductValue(key, before)}</td>
                <td>{shownProductValue(key, after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

/**
 * View History of a row: the product's changes as the server logged them, newest first — when,
 * who, which fields, before and after. A product made on this device and not yet sent has none
 * yet; offline, the history cannot be asked for and says so.
 */
export function ProductHistoryDialog({
  productId,
  productName,
  hasUnsyncedChanges,
  online,
  onClose,
}: {
  /** Negative while the product exists on this device only. */
  productId: number;
  productName: string;
  hasUnsyncedChanges: boolean;
  online: boolean;
  onClose: () => void;
}) {
  const onServer = productId > 0;
  const history = useQuery({ ...productHistoryQuery(productId), enabled: onServer });
  const customFields = useStoredCustomFields('product');
  const names = new Map((customFields ?? []).map((field) => [field.field_key, field.field_name]));
  const label = (key: string) =>
    productField(key)?.label ?? names.get(key) ?? OTHER_LABELS[key] ?? key;

  let body: ReactNode;
  if (!onServer) {
    body = <p className="dialog-text">{HISTORY_TEXT.notSynced}</p>;
  } else if (history.isPending) {
    body = <PageSpinner label="Loading history..." />;
  } else if (history.isError) {
    body = (
      <div className="history__problem" role="alert">
        <p className="dialog-text">{online ? HISTORY_TEXT.failed : HISTORY_TEXT.offline}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void history.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (history.data.changes.length === 0) {
    body = <p className="dialog-text">{HISTORY_TEXT.empty}</p>;
  } else {
    body = (
      <ol className="history" aria-label="Changes, newest first">
        {history.data.changes.map((change) => (
          <ChangeEntry key={`${change.version}-${change.at}`} change={change} label={label} />
        ))}
      </ol>
    );
  }

  return (
    <Modal
      title={`History: ${productName}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {hasUnsyncedChanges && onServer ? (
        <p className="history__note">{HISTORY_TEXT.unsynced}</p>
      ) : null}
      {body}
    </Modal>
  );
}
