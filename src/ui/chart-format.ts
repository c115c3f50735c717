/** How charts and figures write money and changes (the dashboard's, the reports'). */

/** Axis labels: 0 → '$0', 2500 → '$2.5k', 7000 → '$7k'. */
export function formatAxisThousands(value: number): string {
  if (value === 0) return '$0';
  const thousands = Math.round((value / 1000) * 10) / 10;
  return `${value < 0 ? '-' : ''}$${Math.abs(thousands)}k`;
}

/**
 * A report axis's dollars, at the scale of its ticks: '$40', '$2.5k', '$1.2M' (a report may
 * be a day of one small sale or a chain's year, so thousands alone would read '$0k' four times).
 */
export function formatAxisDollars(value: number): string {
  const size = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (size >= 1_000_000) return `${sign}$${Math.round(size / 100_000) / 10}M`;
  if (size >= 1_000) return `${sign}$${Math.round(size / 100) / 10}k`;
  return `${sign}$${Math.round(size * 100) / 100}`;
}

/** A change against the figure compared with: '+12.4%' or '-3.2%'. */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
