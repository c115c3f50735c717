import { NOT_NUMBERED, type OrderKind } from '#domains/customer-orders/customer-order.ts';
import type { OrderView } from '#domains/customer-orders/order-list.ts';

/** The words of the orders screens (beyond the spec's prototype; README, "Customer orders"). */
export const ORDERS_TEXT = {
  title: 'Orders',
  subtitle: 'Customers’ orders for pickup and delivery, and what they set aside',
  takeOrder: 'Take Order',
  editOrder: 'Edit Order',
  allOrders: 'All orders',
  views: 'Which orders',
  none: {
    tomorrow: 'No orders are due tomorrow.',
    today: 'No orders are due today.',
    upcoming: 'No orders are waiting to be handed over.',
    all: 'No orders yet. Take one for a customer with Take Order.',
  } satisfies Record<OrderView, string>,
  notNumbered: NOT_NUMBERED,
  notFound:
    'This order is not on this device. It may have been taken on another device that has not synced yet.',
  waiting: 'Saved on this device; on its way to the server',
  refused: 'A change to this order was refused: see Pending changes',
  markReady: 'Mark Ready',
  pickingList: 'Picking list',
  pickingTitle: (view: string) => `Picking list · ${view}`,
  pickingSummary: (orders: number, products: number) =>
    `${orders} ${orders === 1 ? 'order' : 'orders'}, ${products} ${products === 1 ? 'product' : 'products'} to fetch`,
  nothingToPick: 'No order here is waiting to be handed over.',
  print: 'Print',
  close: 'Close',
  completeAtTill: (kind: OrderKind) =>
    kind === 'pickup' ? 'Collect at the POS' : 'Deliver through the POS',
  payOnCollection: 'Paid on collection (no deposit taken)',
  depositPaid: (deposit: string, left: string) =>
    `Deposit ${deposit} paid at the POS; ${left} to pay on collection`,
  soldOn: (receipt: string) => `Receipt ${receipt}`,
  reopen: 'Mark Open',
  cancelOrder: 'Cancel Order',
  keepOrder: 'Keep Order',
  cancelQuestion: 'Cancel this order? Its products are no longer set aside for the customer.',
  customer: 'Customer',
  findCustomer: 'Find the customer',
  findCustomerPlaceholder: 'Name, email or phone...',
  change: 'Change',
  noCustomers: 'No customers on this device yet: add the customer on the Customers screen first.',
  noCustomerMatch: 'No customer matches. Add them on the Customers screen first.',
  addProduct: 'Add a product',
  addProductPlaceholder: 'Scan, or type a name or SKU...',
  noProductMatch: 'No product matches.',
  noCatalogue: 'The catalogue is not on this device yet: it arrives the next time it is online.',
  remove: (name: string) => `Remove ${name}`,
  quantityOf: (name: string) => `Quantity of ${name}`,
  priceNote:
    'Prices are the catalogue’s; the server sets each line’s price when the order reaches it.',
  items: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  saved: (name: string) => `Order for ${name} saved`,
} as const;
