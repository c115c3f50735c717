/** How the Sales Performance chart writes money: the axis in $k, the tooltip in dollars. */

/** Axis labels: 0 → '$0', 2500 → '$2.5k', 7000 → '$7k'. */
export function formatAxisThousands(value: number): string {
  if (value === 0) return '$0';
  const thousands = Math.round((value / 1000) * 10) / 10;
  return `${value < 0 ? '-' : ''}$${Math.abs(thousands)}k`;
}

const wholeDollars = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** The tooltip: 'Revenue on {day}' and the amount, e.g. '$6,280'. */
export function tooltipLines(day: string, revenue: number): { title: string; amount: string } {
  return { title: `Revenue on ${day}`, amount: `$${wholeDollars.format(revenue)}` };
}

/** A change against yesterday: '+12.4%' or '-3.2%'. */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
