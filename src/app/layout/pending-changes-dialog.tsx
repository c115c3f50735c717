import type { OutboxEntry } from '#data/sync/outbox-entry.ts';
import { discardChange, retryChange } from '#data/sync/pending-changes.ts';
import type { SyncStatus } from '#data/sync/use-sync-status.ts';
import { describeEntry, settlementOf } from '#data/sync/write-handler.ts';
import { Modal } from '#ui/modal.tsx';
import { failureWording } from './failure-wording.ts';

/**
 * The Pending changes panel: changes waiting to be sent and changes the server refused (with its
 * message), each with Retry and Discard; a conflict shows both values ('Yours' / 'Current') and
 * its own choices instead of Retry.
 */
export function PendingChangesDialog({
  status,
  onClose,
}: {
  status: SyncStatus;
  onClose: () => void;
}) {
  function row(entry: OutboxEntry) {
    const refused = entry.state === 'needs-attention';
    const settlement = settlementOf(entry);
    return (
      <li key={entry.id} className={`pending__item${refused ? ' pending__item--refused' : ''}`}>
        <div className="pending__text">
          <span className="pending__what">{describeEntry(entry)}</span>
          <span className="pending__when">{failureWording(entry)}</span>
          {settlement && settlement.differences.length > 0 ? (
            <table className="pending__differences">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Yours</th>
                  <th scope="col">Current</th>
                </tr>
              </thead>
              <tbody>
                {settlement.differences.map((difference) => (
                  <tr key={difference.label}>
                    <th scope="row">{difference.label}</th>
                    <td>{difference.yours}</td>
                    <td>{difference.current}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        <div className="pending__actions">
          {settlement ? (
            settlement.choices.map((choice) => (
              <button
                key={choice.label}
                type="button"
                className="button button--secondary button--small"
                aria-label={`${choice.label}: ${describeEntry(entry)}`}
                onClick={() => void choice.run()}
              >
                {choice.label}
              </button>
            ))
          ) : (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Retry: ${describeEntry(entry)}`}
              onClick={() => void retryChange(entry.id)}
            >
              Retry
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--small button--danger-text"
            aria-label={`Discard: ${describeEntry(entry)}`}
            onClick={() => void discardChange(entry.id)}
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
