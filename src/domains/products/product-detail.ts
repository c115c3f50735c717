/**
 * The fixed placeholder content of the Product Detail popup (spec sections 2 and 9): stock
 * 24/6/30, reorder point 12, quantity 48, lead time 14 days, 18 units sold, turnover 4.2x/year.
 * Values the spec calls fixed without giving them are chosen here.
 */
export const PRODUCT_DETAIL_PLACEHOLDERS = {
  vintage: '2019',
  type: 'Red Wine',
  grapes: 'Cabernet Sauvignon, Merlot',
  alcohol: '14.5%',
  bottleSize: '750 ml',
  servingTemp: '16–18°C',
  tastingNotes: 'Blackcurrant, cedar and violet, with fine-grained tannins and a long finish.',
  foodPairing: 'Roast lamb, aged hard cheeses, mushroom risotto.',
  rating: '94/100',
  stock: { available: 24, reserved: 6, total: 30 },
  storageLocation: 'Cellar A, Rack 3, Bay 12',
  reorder: {
    point: 12,
    quantity: 48,
    leadTimeDays: 14,
    lastOrder: '2026-10-15',
    nextReorder: '2026-12-01',
  },
  recentOrders: [
    { date: '2026-10-15', quantity: 24 },
    { date: '2026-08-02', quantity: 36 },
    { date: '2026-05-20', quantity: 48 },
  ],
  analytics: {
    unitsSold: 18,
    turnover: '4.2x/year',
    performance: 'Selling 12% faster than the average product in its category.',
    customers: 'Bought mostly by returning customers; often paired with cheese in one order.',
  },
} as const;
