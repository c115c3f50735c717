import {
  Bell,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  Store,
  Truck,
  Users,
  Wine,
} from 'lucide-react';

/**
 * The side navigation of spec section 2, in its order. Paths are the route map's; the screens the
 * spec does not show are titled placeholders, so every entry leads somewhere.
 */
export type BadgeType = 'critical' | 'warning' | 'normal';

export interface NavLeaf {
  id: string;
  label: string;
  path: string;
}

/** A count the menu shows beside an entry, from the device's data (the sidebar is given them). */
export type BadgeSource = 'alerts';
export interface MenuBadge {
  count: number;
  type: BadgeType;
}

export interface NavItem extends NavLeaf {
  icon: LucideIcon;
  /** Where its badge comes from (the spec's fixed count 5 was the prototype's). */
  badge?: BadgeSource;
  children?: NavLeaf[];
}

export const MAIN_MENU: NavItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: LayoutDashboard },
  { id: 'pos', label: 'POS', path: '/pos', icon: Store },
  { id: 'inventory', label: 'Inventory', path: '/inventory', icon: Wine },
  // Beyond the spec's menu (README, "Buying and receiving"): buying and receiving deliveries.
  { id: 'purchasing', label: 'Purchasing', path: '/purchasing', icon: Truck },
  { id: 'orders', label: 'Orders', path: '/orders', icon: ClipboardList },
  { id: 'calendar', label: 'Calendar', path: '/calendar', icon: CalendarDays },
  { id: 'customers', label: 'Customers', path: '/customers', icon: Users },
  {
    id: 'reports',
    label: 'Reports',
    path: '/reports',
    icon: ChartColumn,
    children: [
      { id: 'reports-sales', label: 'Sales Report', path: '/reports/sales' },
      { id: 'reports-inventory', label: 'Inventory Report', path: '/reports/inventory' },
      { id: 'reports-analytics', label: 'Customer Analytics', path: '/reports/analytics' },
    ],
  },
  {
    id: 'alerts',
    label: 'Alerts',
    path: '/alerts',
    icon: Bell,
    badge: 'alerts',
  },
];

export const FOOTER_MENU: NavItem[] = [
  {
    id: 'settings',
    label: 'Settings',
    path: '/settings',
    icon: Settings,
    children: [
      { id: 'settings-profile', label: 'Business Profile', path: '/settings/profile' },
      { id: 'settings-payment', label: 'Payment & Tax', path: '/settings/payment' },
      { id: 'settings-team', label: 'Team & Permissions', path: '/settings/team' },
      { id: 'settings-integrations', label: 'Integrations', path: '/settings/integrations' },
      { id: 'settings-billing', label: 'Billing', path: '/settings/billing' },
    ],
  },
  { id: 'help', label: 'Help & Support', path: '/help', icon: LifeBuoy },
];

const ALL_ITEMS = [...MAIN_MENU, ...FOOTER_MENU];

/** The item (and, for a submenu entry, its parent) that the current path belongs to. */
export function activeNavigation(pathname: string): {
  itemId: string | null;
  childId: string | null;
} {
  const matches = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  for (const item of ALL_ITEMS) {
    const child = item.children?.find((entry) => matches(entry.path));
    if (child) return { itemId: item.id, childId: child.id };
    if (matches(item.path)) return { itemId: item.id, childId: null };
  }
  return { itemId: null, childId: null };
}

/** The menu label for a path, used as the title of the placeholder screens. */
export function navigationLabel(pathname: string): string | undefined {
  for (const item of ALL_ITEMS) {
    if (item.path === pathname) return item.label;
    const child = item.children?.find((entry) => entry.path === pathname);
    if (child) return child.label;
  }
  return undefined;
}
