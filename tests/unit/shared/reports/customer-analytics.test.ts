import { describe, expect, it } from 'vitest';
import { segmentOf } from '#domains/reports/customer-analytics.ts';

describe('customer segments', () => {
  const today = '2026-11-30';
  it.each([
    [{ firstDay: '2025-01-01', lastDay: '2026-11-20', yearSales: 6 }, 'Champions'],
    [{ firstDay: '2026-11-10', lastDay: '2026-11-28', yearSales: 1 }, 'New'],
    [{ firstDay: '2026-11-10', lastDay: '2026-11-28', yearSales: 5 }, 'Champions'],
    [{ firstDay: '2025-01-01', lastDay: '2026-09-15', yearSales: 5 }, 'Loyal'],
    [{ firstDay: '2025-01-01', lastDay: '2026-07-01', yearSales: 2 }, 'At risk'],
    [{ firstDay: '2025-01-01', lastDay: '2026-05-01', yearSales: 6 }, 'Lapsed'],
    [{ firstDay: '2025-01-01', lastDay: '2026-11-01', yearSales: 1 }, 'Occasional'],
  ] as const)('puts %o in %s', (customer, segment) => {
    expect(segmentOf(customer, today)).toBe(segment);
  });
});
