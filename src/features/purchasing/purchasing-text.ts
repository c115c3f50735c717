import { formatCents } from '#domains/sales/money.ts';

/**
 * The words of the buying screens (beyond the spec's prototype; README, "Buying and receiving"),
 * in one place so that the tests read what the screens say.
 */
export const PURCHASING_TEXT = {
  title: 'Purchasing',
  subtitle: 'Suppliers, reorder suggestions, purchase orders and deliveries',
  tabs: {
    suggestions: 'Reorder suggestions',
    orders: 'Purchase orders',
    deliveries: 'Deliveries',
    suppliers: 'Suppliers',
  },
  needsConnection:
    'Reorder suggestions need the connection: they are worked out from the sales on the server.',
  noSuggestions:
    'Nothing is at or under its reorder point. Products get a point from their own field, or from their sales when automatic reordering is on (Settings, Stock Management).',
  noSupplier: 'No supplier',
  noSupplierHint: 'Give these products a supplier to order them.',
  belowMinimum: (minimumCents: number) =>
    `Below this supplier's minimum order of ${formatCents(minimumCents)}`,
  /** How a suggestion's figures were worked out: the product's own, or from its sales. */
  ownFigures: (explanation: string) => `Its own reorder point and quantity. ${explanation}.`,
  fromSales: (explanation: string) => `From its sales: ${explanation}.`,
  createDrafts: 'Create draft orders',
  draftsMade: (count: number) => `${count} draft ${count === 1 ? 'order' : 'orders'} made`,
  noOrders: 'No purchase orders yet. Make them from the reorder suggestions, or by hand.',
  newOrder: 'New purchase order',
  editOrder: 'Change order',
  notNumbered: 'Numbered when it reaches the server',
  sendEmail: 'Send by email',
  markSent: 'Mark as sent',
  cancelOrder: 'Cancel order',
  receive: 'Receive',
  noEmail: 'This supplier has no email address: add one, or mark the order as sent.',
  noDeliveries: 'No deliveries yet.',
  receiveDelivery: 'Receive a delivery',
  noSuppliers: 'No suppliers yet.',
  addSupplier: 'Add supplier',
  editSupplier: 'Edit supplier',
  staffPost: 'A manager or owner posts the delivery once it is counted.',
  offlineReceiving:
    'Offline: what you scan is kept on this tablet and sent when the connection is back.',
  nothingToPost: 'Nothing has been received on this delivery yet',
  notSynced: 'This product has not reached the server yet. Receive it once it is synced.',
  mismatch: (differenceCents: number) =>
    `The lines, freight and GST come to ${formatCents(Math.abs(differenceCents))} ${differenceCents > 0 ? 'less' : 'more'} than the invoice total.`,
  addsUp: 'The lines, freight and GST add up to the invoice total.',
  postedMismatch: (differenceCents: number) =>
    `Posted with the invoice total ${formatCents(Math.abs(differenceCents))} ${differenceCents > 0 ? 'over' : 'under'} its lines, freight and GST.`,
  postAnywayQuestion: 'Post it anyway? The difference is kept with the delivery.',
  postAnyway: 'Post anyway',
  postQueued: 'Posted on this tablet: the stock and costs change when it reaches the server.',
  keepingPrice: (price: string, margin: string) =>
    `A list price of ${price} keeps the margin at ${margin}.`,
  posted: 'Posted',
  updatePrice: 'Update the list price',
  newVintage: 'New vintage',
  vintageMade: (name: string) =>
    `${name} is being added. Scan the barcode again and choose it once it is synced.`,
} as const;
