import { formatCurrency } from '#domains/products/format.ts';
import { formatAverageMargin, type InventorySummary } from '#domains/products/summary.ts';

/** Low Stock by the user's threshold (Stock Management Rules), in words. */
export const lowStockNote = (threshold: number) =>
  `At or below ${threshold.toLocaleString('en-AU')} available (your setting)`;

/** The six summary cards of the inventory screen; Low Stock says the threshold it counts by. */
export function SummaryCards({
  summary,
  lowStockThreshold,
}: {
  summary: InventorySummary;
  lowStockThreshold: number;
}) {
  const cards = [
    {
      label: 'Total Products',
      value: summary.totalProducts.toLocaleString('en-AU'),
      tone: 'neutral',
    },
    {
      label: 'Total Inventory Value',
      value: formatCurrency(summary.totalInventoryValue),
      // The spec's figure is a sum of list prices; the stock's worth at cost stands beside it.
      note: `Stock at cost (LUC): ${formatCurrency(summary.stockValueAtCost)}`,
      tone: 'neutral',
    },
    { label: 'In Stock', value: summary.inStock.toLocaleString('en-AU'), tone: 'green' },
    {
      label: 'Low Stock',
      value: summary.lowStock.toLocaleString('en-AU'),
      note: lowStockNote(lowStockThreshold),
      tone: 'yellow',
    },
    { label: 'Out of Stock', value: summary.outOfStock.toLocaleString('en-AU'), tone: 'red' },
    { label: 'Average Margin', value: formatAverageMargin(summary.averageMargin), tone: 'neutral' },
  ];
  return (
    <ul className="summary-cards" aria-label="Inventory summary">
      {cards.map((card) => (
        <li key={card.label} className={`summary-card card summary-card--${card.tone}`}>
          <span className="summary-card__label">{card.label}</span>
          <span className="summary-card__value">{card.value}</span>
          {'note' in card && card.note ? (
            <span className="summary-card__note">{card.note}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
