/** The dashboard's stock-level dot (spec section 4): thresholds 5, 15 and 25 (section 9). */
export type StockTone = 'critical' | 'low' | 'medium';

export interface StockLevel {
  tone: StockTone;
  label: string;
}

const LEVELS: { atMost: number; level: StockLevel }[] = [
  { atMost: 5, level: { tone: 'critical', label: 'Critical stock level' } },
  { atMost: 15, level: { tone: 'low', label: 'Low stock level' } },
  { atMost: 25, level: { tone: 'medium', label: 'Medium stock level' } },
];

/** The dot for a stock count: red, orange or yellow; none above 25. */
export function stockLevel(stock: number): StockLevel | null {
  return LEVELS.find(({ atMost }) => stock <= atMost)?.level ?? null;
}
