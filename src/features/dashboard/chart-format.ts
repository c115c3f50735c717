/** How the Sales Performance chart's tooltip writes money (its axis: #ui/chart-format.ts). */

const wholeDollars = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** The tooltip: 'Revenue on {day}' and the amount, e.g. '$6,280'. */
export function tooltipLines(day: string, revenue: number): { title: string; amount: string } {
  return { title: `Revenue on ${day}`, amount: `$${wholeDollars.format(revenue)}` };
}
