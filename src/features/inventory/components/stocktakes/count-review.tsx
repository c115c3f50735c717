import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useCountLines } from '#data/hooks/use-stocktakes.ts';
import { closeCount, deviceId, stocktakeDetailQuery } from '#data/repositories/stocktakes.ts';
import { itemName } from '#domains/products/display-name.ts';
import { formatCurrency } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { centsOf } from '#domains/sales/money.ts';
import { formatDelta } from '#domains/stock/movement.ts';
import {
  closingMovements,
  reviewCount,
  type StocktakeSummary,
  type UncountedChoice,
} from '#domains/stocktakes/stocktake.ts';
import { countText, plural } from '#shared/words.ts';
import { Modal } from '#ui/modal.tsx';
import { PageSpinner } from '#ui/spinner.tsx';

export const REVIEW_TEXT = {
  confirm: (corrections: number, value: string) =>
    `Closing makes ${plural(corrections, 'correction')} to stock, worth ${value} at LUC, and ends the count for everyone. It cannot be undone.`,
} as const;

/** Uncounted products listed by name before the rest are summed up. */
const UNCOUNTED_LISTED = 50;

const closedOn = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Review of a count, from the server (its snapshot and everyone's lines): counted against
 * expected per product, the variance in units and in value (LUC), and the products nobody
 * counted. Closing a full count asks what to do with those: count them as 0, or leave them.
 * A closed (or cancelled) count opens read-only: its variances as counted, nothing to change.
 */
export function CountReview({
  stocktake,
  catalogue,
  onBack,
  onClosed,
}: {
  stocktake: StocktakeSummary;
  catalogue: readonly InventoryItem[];
  onBack: () => void;
  onClosed: () => void;
}) {
  const id = useId();
  const detail = useQuery(stocktakeDetailQuery(stocktake.id));
  const device = useQuery({ queryKey: ['device-id'], queryFn: deviceId, staleTime: Infinity });
  const mine = useCountLines(stocktake.id);
  const [uncounted, setUncounted] = useState<UncountedChoice>('leave');
  const [closing, setClosing] = useState(false);
  const byId = useMemo(() => new Map(catalogue.map((item) => [item.id, item])), [catalogue]);
  // This tablet's counts as it holds them (some may not have reached the server yet), with
  // everyone else's from the server.
  const open = stocktake.status === 'open';
  const rows = useMemo(() => {
    if (!detail.data || device.data === undefined) return [];
    // A closed count is what the server holds: a line sent after it closed was refused.
    if (!open) return reviewCount(detail.data.expected, detail.data.lines);
    const others = detail.data.lines.filter((line) => line.device_id !== device.data);
    const here = (mine ?? []).map((line) => ({
      product_id: line.productId,
      quantity: line.quantity,
    }));
    return reviewCount(detail.data.expected, [...others, ...here]);
  }, [detail.data, device.data, mine, open]);
  const counted = rows.filter((row) => row.counted !== null);
  const missed = rows.filter((row) => row.counted === null);
  const full = stocktake.scope === 'full';
  const moves = closingMovements(rows, stocktake.scope, uncounted);
  // In cents, so that the corrections add up to the cent.
  const worthCents = (productId: number, units: number) =>
    units * centsOf(byId.get(productId)?.luc ?? 0);
  const worth = (productId: number, units: number) => worthCents(productId, units) / 100;
  const totalValue =
    moves.reduce((sum, move) => sum + worthCents(move.productId, move.delta), 0) / 100;
  const [confirming, setConfirming] = useState(false);
  const nameOf = (productId: number) => {
    const item = byId.get(productId);
    return item ? itemName(item) : `Product ${productId}`;
  };

  async function close() {
    setConfirming(false);
    setClosing(true);
    try {
      await closeCount(stocktake, uncounted);
      onClosed();
    } finally {
      setClosing(false);
    }
  }

  let body: React.ReactNode;
  if (detail.isPending) body = <PageSpinner label="Loading the count..." />;
  else if (detail.isError) {
    body = (
      <div role="alert">
        <p className="stocktake__note">
          The review needs the count from the server, which could not be reached.
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void detail.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {open ? (
          <p className="stocktake__note">
            {countText(counted.length)} of {plural(rows.length, 'product')} counted. Closing makes{' '}
            {plural(moves.length, 'correction')} worth {formatCurrency(totalValue)} at LUC; what
            sold or moved during the count stays counted.
          </p>
        ) : (
          <p className="stocktake__note">
            {stocktake.status === 'closed' ? 'Closed' : 'Cancelled'}
            {stocktake.closed_at ? ` ${closedOn.format(new Date(stocktake.closed_at))}` : ''}.{' '}
            {countText(counted.length)} of {plural(rows.length, 'product')} counted; the variances
            as counted, valued at today's LUC.
          </p>
        )}
        <div className="detail-table-wrap">
          <table className="detail-table stocktake__table">
            <caption className="visually-hidden">Counted against expected</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Expected</th>
                <th scope="col">Counted</th>
                <th scope="col">Variance</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {counted.map((row) => (
                <tr key={row.productId}>
                  <td>{nameOf(row.productId)}</td>
                  <td>{row.expected}</td>
                  <td>{row.counted}</td>
                  <td>{row.variance === 0 ? '0' : formatDelta(row.variance)}</td>
                  <td>{formatCurrency(worth(row.productId, row.variance))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {missed.length > 0 ? (
          <>
            <h3 className="stocktake__subtitle">Not counted ({missed.length})</h3>
            <p className="stocktake__note">
              {missed
                .slice(0, UNCOUNTED_LISTED)
                .map((row) => nameOf(row.productId))
                .join(', ')}
              {missed.length > UNCOUNTED_LISTED
                ? `, and ${missed.length - UNCOUNTED_LISTED} more`
                : ''}
            </p>
            {!open ? null : full ? (
              <fieldset className="stocktake-form__choices">
                <legend className="field__label">Products nobody counted</legend>
                <label className="stocktake-form__choice">
                  <input
                    type="radio"
                    name={`${id}-uncounted`}
                    checked={uncounted === 'zero'}
                    onChange={() => setUncounted('zero')}
                  />
                  Count them as 0
                </label>
                <label className="stocktake-form__choice">
                  <input
                    type="radio"
                    name={`${id}-uncounted`}
                    checked={uncounted === 'leave'}
                    onChange={() => setUncounted('leave')}
                  />
                  Leave their stock as it is
                </label>
              </fieldset>
            ) : (
              <p className="stocktake__note">A partial count leaves their stock as it is.</p>
            )}
          </>
        ) : null}
      </>
    );
  }

  return (
    <section className="card stocktake-review" aria-labelledby={`${id}-title`}>
      <div className="stocktake__header">
        <h2 id={`${id}-title`} className="stocktake__title">
          {open ? `Review: ${stocktake.name}` : `Variances: ${stocktake.name}`}
        </h2>
        <div className="stocktake__actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            {open ? 'Back to counting' : 'Back to stocktakes'}
          </button>
          {open ? (
            <button
              type="button"
              className="button button--primary"
              disabled={!detail.data || closing}
              onClick={() => setConfirming(true)}
            >
              Close the count
            </button>
          ) : null}
        </div>
      </div>
      {body}
      {confirming ? (
        <Modal
          title={`Close ${stocktake.name}?`}
          size="small"
          role="alertdialog"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
              <button type="button" className="button button--primary" onClick={() => void close()}>
                Close the count
              </button>
            </>
          }
        >
          <p className="dialog-text">
            {REVIEW_TEXT.confirm(moves.length, formatCurrency(totalValue))}
          </p>
        </Modal>
      ) : null}
    </section>
  );
}
