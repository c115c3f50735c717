import { useQuery } from '@tanstack/react-query';
import { productReorderQuery } from '#data/repositories/purchasing.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { ReorderLine } from '#domains/purchasing/reorder.ts';
import { plural } from '#shared/words.ts';
import { Facts } from './detail-parts.tsx';

export const REORDER_TEXT = {
  notSynced: 'Reorder figures show once this product has reached the server.',
  loading: 'Working out reorder figures...',
  needsConnection:
    'Reorder figures need the connection: they show when this device is back online.',
  failed: 'Reorder figures could not be loaded.',
  notSet: 'Not set',
  now: 'Now: at or under its reorder point',
  notExpected: 'Not expected: it has not sold in 8 weeks',
} as const;

/** When the product reaches its point at the rate it sells: now, in about N days, or not. */
export function nextReorder(line: ReorderLine): string {
  if (line.point === null) return REORDER_TEXT.notSet;
  if (line.stock <= line.point) return REORDER_TEXT.now;
  if (line.weekly_rate <= 0) return REORDER_TEXT.notExpected;
  const days = Math.ceil(((line.stock - line.point) / line.weekly_rate) * 7);
  return `In about ${plural(days, 'day')}`;
}

/**
 * The popup's Reorder Information for a product of the catalogue: its own figures, or those the
 * server works out from its sales (spec's placeholders were point 12, quantity 48, 14 days).
 */
export function ReorderInformation({ item, online }: { item: InventoryItem; online: boolean }) {
  const reorder = useQuery({ ...productReorderQuery(item.id), enabled: item.id > 0 });
  const supplier: [string, string] = ['Preferred Supplier', item.supplier?.trim() || '—'];
  if (item.id <= 0) return <Said facts={[supplier]} text={REORDER_TEXT.notSynced} />;
  if (reorder.isPending) {
    return (
      <Said
        facts={[supplier]}
        text={online ? REORDER_TEXT.loading : REORDER_TEXT.needsConnection}
      />
    );
  }
  if (reorder.isError) {
    return (
      <div role="alert">
        <Facts rows={[supplier]} />
        <p className="detail-text">{online ? REORDER_TEXT.failed : REORDER_TEXT.needsConnection}</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void reorder.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const line = reorder.data;
  const figure = (value: number | null) => (value === null ? REORDER_TEXT.notSet : String(value));
  return (
    <>
      <Facts
        rows={[
          ['Reorder Point', figure(line.point)],
          ['Reorder Quantity', figure(line.quantity)],
          ['Lead Time', plural(line.lead_days, 'day')],
          supplier,
          ['Case Size', line.case_size === null ? '—' : plural(line.case_size, 'unit')],
          ['Next Reorder', nextReorder(line)],
        ]}
      />
      <p className="detail-text detail-text--note">
        {line.automatic
          ? `Worked out from its sales: ${line.explanation}.`
          : `${line.explanation}.`}
      </p>
    </>
  );
}

function Said({ facts, text }: { facts: [string, string][]; text: string }) {
  return (
    <>
      <Facts rows={facts} />
      <p className="detail-text" role="status">
        {text}
      </p>
    </>
  );
}
