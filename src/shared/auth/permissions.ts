import type { Role } from './schemas.ts';

/**
 * What each role may do. The server enforces it on every route (src/server/http/route-rules.ts);
 * the screens read the same table to offer only what the role may do.
 * - owner: everything, including roles, owners and the business profile;
 * - manager: the catalogue and its prices, stock, stocktakes, suppliers, purchase orders and
 *   deliveries, custom fields, inventory settings, and the team except owners;
 * - staff: see the catalogue and dashboard, sell, adjust stock, count it, scan deliveries in,
 *   add customers and keep their details, and take customer orders (a customer's data is
 *   exported or erased by a manager or owner).
 * Everyone keeps their own column preferences.
 */
export const PERMISSIONS = {
  /** Add, edit (prices included), duplicate and delete products; upload their images. */
  'catalogue.edit': ['owner', 'manager'],
  /** Sell at the POS (beyond the spec's prototype). */
  'sales.sell': ['owner', 'manager', 'staff'],
  /** Refund a sale, and approve a discount past the staff limit. */
  'sales.refund': ['owner', 'manager'],
  /** Set the POS's tenders, cash rounding, discount limit and receipt text. */
  'sales.settings': ['owner', 'manager'],
  /** Move stock by an adjustment. */
  'stock.move': ['owner', 'manager', 'staff'],
  /** Count in a stocktake that is open. */
  'stocktake.count': ['owner', 'manager', 'staff'],
  /** Start, close and cancel stocktakes. */
  'stocktake.manage': ['owner', 'manager'],
  /** Keep suppliers, send purchase orders and post deliveries (beyond the spec's prototype). */
  'purchasing.manage': ['owner', 'manager'],
  /** Scan a delivery in, for a manager to post. */
  'purchasing.receive': ['owner', 'manager', 'staff'],
  /** Add customers and change their details (beyond the spec's prototype). */
  'customers.edit': ['owner', 'manager', 'staff'],
  /** Export one customer's data, and erase a customer at their request. */
  'customers.privacy': ['owner', 'manager'],
  /** Open a customer's account, set its limit or close it. */
  'customers.accounts': ['owner', 'manager'],
  /** Take customer orders for pickup or delivery, change them, mark them ready or cancel them. */
  'orders.edit': ['owner', 'manager', 'staff'],
  /** Put events (tastings) on the calendar, change them, and say who is coming. */
  'events.edit': ['owner', 'manager', 'staff'],
  /** Read the reports: sales with cost and margin, stock at cost, customers' spending. */
  'reports.view': ['owner', 'manager'],
  /** Define, change and remove custom fields. */
  'fields.manage': ['owner', 'manager'],
  /** Change the inventory settings (not the per-person column preferences). */
  'settings.manage': ['owner', 'manager'],
  /** See the team; invite, change and disable people (owners: only an owner). */
  'team.manage': ['owner', 'manager'],
  /** Change the business profile. */
  'profile.manage': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Roles a person of `role` may give, or change: a manager never makes or changes an owner. */
export function assignableRoles(role: Role): readonly Role[] {
  return role === 'owner'
    ? ['owner', 'manager', 'staff']
    : role === 'manager'
      ? ['manager', 'staff']
      : [];
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
};

export const PERMISSION_MESSAGES = {
  forbidden: 'Your role does not allow this. Ask an owner or a manager.',
} as const;
