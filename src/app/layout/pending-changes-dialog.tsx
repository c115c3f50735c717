import { discardEntry, retryEntry } from '#data/sync/outbox.ts';
import type { OutboxEntry } from '#data/sync/outbox-entry.ts';
import { requestReplay } from '#data/sync/replayer.ts';
import type { SyncStatus } from '#data/sync/use-sync-status.ts';
import { Modal } from '#ui/modal.tsx';
import { describeChange } from './describe-change.ts';

/**
 * The Pending changes panel: changes waiting to be sent and changes the server refused (with its
 * message), each with Retry and Discard.
 */
export function PendingChangesDialog({
  status,
  onClose,
}: {
  status: SyncStatus;
  onClose: () => void;
}) {
  const retry = async (entry: OutboxEntry) => {
    await retryEntry(entry.id);
    void requestReplay();
  };

  function row(entry: OutboxEntry) {
    const refused = entry.state === 'needs-attention';
    return (
      <li key={entry.id} className={`pending__item${refused ? ' pending__item--refused' : ''}`}>
        <div className="pending__text">
          <span className="pending__what">{describeChange(entry)}</span>
          <span className="pending__when">
            {refused
              ? (entry.lastError ?? 'The server refused this change.')
              : entry.attempts > 0
                ? `Not sent yet: ${entry.lastError ?? 'waiting for the connection'}`
                : 'Waiting to be sent'}
          </span>
        </div>
        <div className="pending__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Retry: ${describeChange(entry)}`}
            onClick={() => void retry(entry)}
          >
            Retry
          </button>
          <button
            type="button"
            className="button button--secondary button--small button--danger-text"
            aria-label={`Discard: ${describeChange(entry)}`}
            onClick={() => void discardEntry(entry.id)}
          >
            Discard
          </button>
        </div>
      </li>
    );
  }

  const empty = status.waiting.length === 0 && status.attention.length === 0;
  return (
    <Modal title="Pending changes" size="medium" onClose={onClose}>
      <p className="pending__status">
        {status.online
          ? 'You are online.'
          : 'You are offline. Changes are kept on this device and sent when the connection is back.'}
      </p>
      {empty ? <p className="pending__empty">Every change has reached the server.</p> : null}
      {status.attention.length > 0 ? (
        <section aria-labelledby="pending-attention">
          <h3 id="pending-attention" className="pending__heading">
            Need attention ({status.attention.length})
          </h3>
          <ul className="pending__list">{status.attention.map(row)}</ul>
        </section>
      ) : null}
      {status.waiting.length > 0 ? (
        <section aria-labelledby="pending-waiting">
          <h3 id="pending-waiting" className="pending__heading">
            Waiting ({status.waiting.length})
          </h3>
          <ul className="pending__list">{status.waiting.map(row)}</ul>
        </section>
      ) : null}
    </Modal>
  );
}
