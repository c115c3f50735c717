import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '#data/hooks/use-permissions.ts';
import { markApprovalReviewed, unconfirmedApprovalsQuery } from '#data/repositories/approvals.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { APPROVAL_PROBLEMS } from '#domains/sales/approval.ts';
import { discountPercent, formatCents } from '#domains/sales/money.ts';
import type { UnconfirmedSale } from '#domains/sales/review.ts';
import { plural } from '#shared/words.ts';

export const REVIEW_TEXT = {
  title: 'Sales with approval not confirmed',
  intro:
    'These sales gave a discount past the staff limit that no manager’s PIN confirmed. They are kept, as the goods have left: look at each, then mark it reviewed.',
  reviewed: 'Mark reviewed',
  offline: 'Marking a sale reviewed needs the connection.',
  soldBy: (name: string | null) => `Sold by ${name ?? 'someone no longer in the team'}`,
  named: (name: string) => `approval named ${name}`,
  figures: (total: number, shelf: number) => {
    const off = discountPercent({ grossCents: shelf, discountCents: Math.max(shelf - total, 0) });
    return `${formatCents(total)} against ${formatCents(shelf)} at the shop’s prices (${Math.round(off)} % off)`;
  },
  more: (count: number) => `and ${plural(count, 'more sale')} like these`,
} as const;

const SHOWN = 5;

function Row({ sale, online }: { sale: UnconfirmedSale; online: boolean }) {
  const client = useQueryClient();
  const [failed, setFailed] = useState<string | null>(null);
  const review = useMutation({
    mutationFn: () => markApprovalReviewed(sale.id),
    onSuccess: () => client.invalidateQueries({ queryKey: unconfirmedApprovalsQuery().queryKey }),
    onError: (error) => setFailed(error instanceof Error ? error.message : String(error)),
  });
  const at = new Date(sale.made_at);
  return (
    <li className="review-list__item">
      <div className="review-list__text">
        <p className="review-list__title">
          Receipt {sale.receipt} ·{' '}
          {at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}{' '}
          {at.toLocaleTimeString([], { timeStyle: 'short' })}
        </p>
        <p className="review-list__meta">
          {REVIEW_TEXT.soldBy(sale.sold_by)}
          {sale.approver ? `, ${REVIEW_TEXT.named(sale.approver)}` : ''} ·{' '}
          {REVIEW_TEXT.figures(sale.total_cents, sale.shelf_cents)}
        </p>
        <p className="review-list__reason">{APPROVAL_PROBLEMS[sale.problem]}</p>
        {failed ? (
          <p className="field__error" role="alert">
            {failed}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={!online || review.isPending}
        onClick={() => {
          setFailed(null);
          review.mutate();
        }}
      >
        {review.isPending ? 'Saving...' : REVIEW_TEXT.reviewed}
      </button>
    </li>
  );
}

/**
 * For managers and owners: sales whose discount past the staff limit was not confirmed by a PIN
 * (a wrong PIN typed offline, a locked PIN, a price the tablet showed that the shop's puts past
 * the limit), with who sold them, until one of them marks each reviewed. Nothing shows when
 * there is nothing to look at.
 */
export function ApprovalsToReview() {
  const canReview = useCan('sales.refund');
  const online = useOnline();
  const query = useQuery({ ...unconfirmedApprovalsQuery(), enabled: canReview });
  const sales = query.data?.sales ?? [];
  if (!canReview || sales.length === 0) return null;
  return (
    <section className="card review-card" aria-labelledby="review-title">
      <h2 id="review-title" className="review-card__title">
        <ShieldAlert size={18} aria-hidden="true" /> {REVIEW_TEXT.title}
      </h2>
      <p className="review-card__intro">{REVIEW_TEXT.intro}</p>
      <ul className="review-list">
        {sales.slice(0, SHOWN).map((sale) => (
          <Row key={sale.id} sale={sale} online={online} />
        ))}
      </ul>
      {sales.length > SHOWN ? (
        <p className="review-card__intro">{REVIEW_TEXT.more(sales.length - SHOWN)}</p>
      ) : null}
      {online ? null : <p className="review-card__intro">{REVIEW_TEXT.offline}</p>}
    </section>
  );
}
