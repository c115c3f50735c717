import { useEffect, useState } from 'react';
import { useStocktakes } from '#data/hooks/use-stocktakes.ts';
import { refreshStocktakes } from '#data/repositories/stocktakes.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import { countText } from '#shared/words.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import { CountReview } from './count-review.tsx';
import { CountScreen } from './count-screen.tsx';
import { StartCountForm } from './start-count-form.tsx';
import './stocktakes.css';

type Screen =
  | { kind: 'list' }
  | { kind: 'start' }
  | { kind: 'count'; id: string }
  | { kind: 'review'; id: string };

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_LABELS: Record<StocktakeSummary['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/**
 * Stocktakes, on the Batch Operations sub-tab (beyond the spec's prototype, which repeated the
 * table there): the counts this device knows, starting one, counting, and reviewing and closing.
 */
export function StocktakesView({
  catalogue,
  online,
  canManage = true,
}: {
  catalogue: readonly InventoryItem[];
  online: boolean;
  /** Starting, reviewing and closing counts; without it (staff) only counting. */
  canManage?: boolean;
}) {
  const counts = useStocktakes();
  const [screen, setScreen] = useState<Screen>({ kind: 'list' });

  useEffect(() => {
    if (online) refreshStocktakes().catch(() => {});
  }, [online]);

  const current =
    screen.kind === 'count' || screen.kind === 'review'
      ? counts?.find((count) => count.id === screen.id)
      : undefined;

  if (screen.kind === 'start') {
    return (
      <StartCountForm
        catalogue={catalogue}
        onStarted={(count) => setScreen({ kind: 'count', id: count.id })}
        onCancel={() => setScreen({ kind: 'list' })}
      />
    );
  }
  if (current && screen.kind === 'count') {
    return (
      <CountScreen
        stocktake={current}
        catalogue={catalogue}
        online={online}
        onReview={canManage ? () => setScreen({ kind: 'review', id: current.id }) : undefined}
        onBack={() => setScreen({ kind: 'list' })}
      />
    );
  }
  if (current && screen.kind === 'review' && canManage) {
    return (
      <CountReview
        stocktake={current}
        catalogue={catalogue}
        onBack={() =>
          setScreen(
            current.status === 'open' ? { kind: 'count', id: current.id } : { kind: 'list' },
          )
        }
        onClosed={() => {
          showToast(`${current.name} is being closed`, 'success');
          setScreen({ kind: 'list' });
        }}
      />
    );
  }

  return (
    <section className="card stocktakes" aria-labelledby="stocktakes-title">
      <div className="stocktake__header">
        <h2 id="stocktakes-title" className="stocktake__title">
          Stocktakes
        </h2>
        {canManage ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setScreen({ kind: 'start' })}
          >
            Start a count
          </button>
        ) : null}
      </div>
      {counts === undefined ? (
        <PageSpinner label="Loading counts..." />
      ) : counts.length === 0 ? (
        <p className="stocktake__note">
          {canManage
            ? 'No counts yet. Start one to count the shelves with this tablet, also offline.'
            : 'No counts yet. An owner or a manager starts one; you then count here, also offline.'}
        </p>
      ) : (
        <ul className="stocktakes__list">
          {counts.map((count) => (
            <li key={count.id} className="stocktakes__item">
              <div>
                <p className="stocktakes__name">{count.name}</p>
                <p className="stocktake__note">
                  {count.scope === 'full' ? 'Full count' : 'Partial count'}
                  {count.category ? ` · ${count.category}` : ''}
                  {count.search ? ` · “${count.search}”` : ''} · started{' '}
                  {when.format(new Date(count.started_at))} · {STATUS_LABELS[count.status]}
                  {count.products > 0
                    ? ` · ${countText(count.counted)} of ${countText(count.products)} counted`
                    : ''}
                </p>
              </div>
              {count.status === 'open' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setScreen({ kind: 'count', id: count.id })}
                >
                  Count
                </button>
              ) : canManage && count.status === 'closed' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Variances of ${count.name}`}
                  onClick={() => setScreen({ kind: 'review', id: count.id })}
                >
                  Variances
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
