import type { DashboardSnapshot } from './snapshot.ts';

/**
 * Tomorrow's Orders keeps the spec's fixed sample (section 2) until customer orders exist; the
 * other cards show the shop's own sales.
 */
export const SAMPLE_TOMORROW_ORDERS: DashboardSnapshot['tomorrowOrders'] = [
  { id: 'ORD-1042', name: 'The Larder Bistro', items: 12, time: '9:30 AM', kind: 'Delivery' },
  { id: 'ORD-1043', name: 'Margaret Chen', items: 3, time: '11:00 AM', kind: 'Pickup' },
  { id: 'ORD-1044', name: 'Harbourside Events', items: 48, time: '1:15 PM', kind: 'Delivery' },
  { id: 'ORD-1045', name: 'Tom Okafor', items: 6, time: '4:45 PM', kind: 'Pickup' },
];
