import type { DashboardSnapshot } from './snapshot.ts';

/**
 * The fixed sample data of the dashboard's cards (spec section 2: every card but Low Stock Alerts
 * is sample data until orders exist), in the shapes of spec section 3.
 */
export const SAMPLE_TODAY: DashboardSnapshot['today'] = {
  revenue: { value: 4862.4, changePercent: 12.4 },
  profit: { value: 1523.8, changePercent: -3.2 },
};

export const SAMPLE_TOMORROW_ORDERS: DashboardSnapshot['tomorrowOrders'] = [
  { id: 'ORD-1042', name: 'The Larder Bistro', items: 12, time: '9:30 AM', kind: 'Delivery' },
  { id: 'ORD-1043', name: 'Margaret Chen', items: 3, time: '11:00 AM', kind: 'Pickup' },
  { id: 'ORD-1044', name: 'Harbourside Events', items: 48, time: '1:15 PM', kind: 'Delivery' },
  { id: 'ORD-1045', name: 'Tom Okafor', items: 6, time: '4:45 PM', kind: 'Pickup' },
];

export const SAMPLE_SALES: DashboardSnapshot['sales'] = [
  { name: 'Mon', revenue: 3120 },
  { name: 'Tue', revenue: 2860 },
  { name: 'Wed', revenue: 3410 },
  { name: 'Thu', revenue: 4050 },
  { name: 'Fri', revenue: 6280 },
  { name: 'Sat', revenue: 7140 },
  { name: 'Sun', revenue: 4862 },
];

export const SAMPLE_TOP_ITEMS: DashboardSnapshot['topItems'] = [
  { img: '/images/dashboard/red.svg', name: 'Penfolds Bin 389', category: 'Red Wine', sold: 42 },
  {
    img: '/images/dashboard/white.svg',
    name: 'Cloudy Bay Sauvignon Blanc',
    category: 'White Wine',
    sold: 37,
  },
  {
    img: '/images/dashboard/sparkling.svg',
    name: 'Veuve Clicquot Yellow Label',
    category: 'Sparkling',
    sold: 24,
  },
  { img: '/images/dashboard/spirit.svg', name: 'Ardbeg 10 Year Old', category: 'Whisky', sold: 19 },
];
