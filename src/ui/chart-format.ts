/** How charts and figures write money and changes (the dashboard's, the reports'). */

/** Axis labels: 0 → '$0', 2500 → '$2.5k', 7000 → '$7k'. */
export function formatAxisThousands(value: number): string {
  if (value === 0) return '$0';
  const thousands = Math.round((value / 1000) * 10) / 10;
  return `${value < 0 ? '-' : ''}$${Math.abs(thousands)}k`;
}

/** A change against the figure compared with: '+12.4%' or '-3.2%'. */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
