/**
 * Help & Support's guides, shipped with the app (so they read offline): one per screen, in the
 * menu's order, then working with a scanner and the keyboard, and what is new.
 */
export interface Guide {
  title: string;
  /** Where the screen is, when it is one. */
  to?: string;
  steps: readonly string[];
}

export const SCREEN_GUIDES: readonly Guide[] = [
  {
    title: 'Dashboard',
    to: '/dashboard',
    steps: [
      'Today’s revenue and profit against yesterday at the same time of day, the last seven days’ sales, the most sold items and what is low on stock.',
      'Tomorrow’s Orders lists the customer orders due on the shop’s next day; tap one to open it.',
      'Offline it shows what it last knew, with the time it was updated.',
    ],
  },
  {
    title: 'POS',
    to: '/pos',
    steps: [
      'Open a shift with the cash float, then scan or search products into the sale; Enter on an empty scan field goes on to paying.',
      'Add a customer to the sale (search, or scan their member card): their tag discount applies by itself and the sale shows in their history.',
      'Park a sale to serve someone else; resume it from Parked. Returns start from the receipt’s barcode or the day’s sales.',
      'Sales made offline are kept on the tablet and sent once the connection is back, each exactly once.',
    ],
  },
  {
    title: 'Inventory',
    to: '/inventory',
    steps: [
      'Search, sort and edit products in the table; a tap opens a product’s details, stock and history.',
      'Stock moves only through Adjust stock (with a reason), deliveries, sales, returns and counts; Batch Operations starts a stocktake.',
      'Add Inventory adds one product or imports a price list from CSV or Excel.',
    ],
  },
  {
    title: 'Purchasing',
    to: '/purchasing',
    steps: [
      'Reorder suggestions come from each product’s reorder point; make a purchase order from them and send it to the supplier.',
      'Scan Invoice (Quick Actions) receives a delivery: count it on one or more tablets, type the invoice, and a manager posts it.',
    ],
  },
  {
    title: 'Orders and Calendar',
    to: '/orders',
    steps: [
      'Take Order puts a customer’s pickup or delivery on a day; its bottles are set aside from what is available.',
      'Mark Ready when it is packed; collect it at the POS, which takes the payment and moves the stock.',
      'The calendar shows the orders and events (tastings) by month, week or day.',
    ],
  },
  {
    title: 'Customers',
    to: '/customers',
    steps: [
      'Each customer’s details, tags, purchase history, orders and, for trade customers, their account and statement.',
      'Managers export a customer’s data or erase it at their request.',
    ],
  },
  {
    title: 'Reports',
    to: '/reports',
    steps: [
      'The Sales Report adds up a period’s sales, refunds, GST, cost at sale and margin, grouped as you choose, with the GST summary for the business activity statement.',
      'Export CSV for the bookkeeper, or print. Reports are for managers and owners.',
    ],
  },
  {
    title: 'Alerts',
    to: '/alerts',
    steps: [
      'What needs attention today: stock out or low, orders due today not ready, overdue purchase orders, cash and count variances, and changes the server refused.',
      'Dismiss or snooze an alert for yourself; the menu’s badge counts what is left.',
    ],
  },
  {
    title: 'Settings',
    to: '/settings',
    steps: [
      'Business Profile (printed on receipts), Payment & Tax, Team & Permissions, and the inventory settings with your low-stock threshold and alerts.',
    ],
  },
];

export const SCANNER_GUIDE: Guide = {
  title: 'Setting up a barcode scanner',
  steps: [
    'Any USB or Bluetooth scanner that types like a keyboard works: set it to send Enter after each code (most do out of the box).',
    'It reads EAN-13, UPC-A and EAN-8 product codes, and the receipt’s barcode for returns.',
    'Scan Product (Quick Actions) finds a product by its code, or offers to attach a new code to a product or add one.',
    'Without a scanner, the tablet’s camera reads codes wherever a scan field is.',
  ],
};

export const KEYBOARD_SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Enter in the POS scan field', 'Adds the first match; on an empty field, goes on to paying'],
  ['Typing anywhere on the POS', 'Goes to the scan field, so a scan never presses a button'],
  ['Escape', 'Closes the open dialog or menu'],
  ['Tab and Shift+Tab', 'Move between fields and buttons; focus stays inside an open dialog'],
  ['Enter in a table cell being edited', 'Saves the change; Escape leaves it as it was'],
];

export const WHATS_NEW: readonly Guide[] = [
  {
    title: 'Alerts and the Sales Report',
    steps: [
      'Alerts list what needs attention, and the menu’s badge counts them.',
      'The Sales Report, with the GST summary, replaces the report placeholders.',
    ],
  },
  {
    title: 'Customers, orders and the calendar',
    steps: [
      'Customer records, trade accounts with statements, member cards, orders for pickup and delivery, and tastings on the calendar.',
    ],
  },
];
