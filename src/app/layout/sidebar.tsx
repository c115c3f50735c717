import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ChevronDown,
  LogOut,
  PanelLeftClose,
  PanelLeftOpen,
  ReceiptText,
  ScanBarcode,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { userProfileQuery } from '#data/repositories/user-profile.ts';
import { BrandMark } from '#ui/brand-mark.tsx';
import {
  activeNavigation,
  type BadgeSource,
  FOOTER_MENU,
  MAIN_MENU,
  type MenuBadge,
  type NavItem,
} from '../navigation.ts';

export interface SidebarProps {
  pathname: string;
  collapsed: boolean;
  /** 'rail' sits beside the content; 'drawer' is the phone's overlay, always expanded. */
  variant: 'rail' | 'drawer';
  onToggleCollapsed: () => void;
  onCloseDrawer?: () => void;
  onSignOut: () => void;
  onScanProduct: () => void;
  /** Scan Invoice: receiving a delivery (Purchasing, Deliveries). */
  onScanInvoice: () => void;
  /** The menu's live counts; an entry whose count is missing shows none. */
  badges: Partial<Record<BadgeSource, MenuBadge | null>>;
}

export function Sidebar({
  pathname,
  collapsed,
  variant,
  onToggleCollapsed,
  onCloseDrawer,
  onSignOut,
  onScanProduct,
  onScanInvoice,
  badges,
}: SidebarProps) {
  const active = activeNavigation(pathname);
  // The submenu holding the current page starts open.
  const [openMenu, setOpenMenu] = useState<string | null>(() =>
    active.childId ? active.itemId : null,
  );
  const isCollapsed = variant === 'rail' && collapsed;
  // The business's name as its profile says now (Business Profile), kept for offline use.
  const businessName = useQuery(userProfileQuery()).data?.businessName;

  function toggleCollapsed() {
    // Collapsing closes any open submenu.
    if (!collapsed) setOpenMenu(null);
    onToggleCollapsed();
  }

  function renderItem(item: NavItem) {
    const Icon = item.icon;
    const isActive = active.itemId === item.id;
    const className = `sidebar__item${isActive ? ' sidebar__item--active' : ''}`;
    const counted = item.badge ? badges[item.badge] : null;
    const badge = counted ? (
      <span className={`sidebar__badge sidebar__badge--${counted.type}`}>
        {counted.count}
        <span className="visually-hidden"> new</span>
      </span>
    ) : null;
    const content = (
      <>
        <Icon size={20} aria-hidden="true" className="sidebar__icon" />
        <span className="sidebar__label">{item.label}</span>
        {badge}
      </>
    );

    if (item.children && !isCollapsed) {
      const open = openMenu === item.id;
      const submenuId = `submenu-${item.id}`;
      return (
        <li key={item.id}>
          <button
            type="button"
            className={className}
            aria-expanded={open}
            aria-controls={submenuId}
            onClick={() => setOpenMenu(open ? null : item.id)}
          >
            {content}
            <ChevronDown
              size={16}
              aria-hidden="true"
              className={`sidebar__chevron${open ? ' sidebar__chevron--open' : ''}`}
            />
          </button>
          {open ? (
            <ul id={submenuId} className="sidebar__submenu">
              {item.children.map((child) => (
                <li key={child.id}>
                  <Link
                    to={child.path}
                    className={`sidebar__subitem${active.childId === child.id ? ' sidebar__subitem--active' : ''}`}
                    aria-current={active.childId === child.id ? 'page' : undefined}
                    onClick={onCloseDrawer}
                  >
                    {child.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      );
    }

    // A collapsed parent goes straight to its own route.
    return (
      <li key={item.id}>
        <Link
          to={item.path}
          className={className}
          aria-current={isActive && !active.childId ? 'page' : undefined}
          title={isCollapsed ? item.label : undefined}
          aria-label={isCollapsed ? item.label : undefined}
          onClick={onCloseDrawer}
        >
          {content}
        </Link>
      </li>
    );
  }

  return (
    <nav
      className={`sidebar sidebar--${variant}${isCollapsed ? ' sidebar--collapsed' : ''}`}
      aria-label="Main"
    >
      <div className="sidebar__header">
        <Link to="/dashboard" className="sidebar__brand" onClick={onCloseDrawer}>
          <BrandMark size={22} />
          <span className="sidebar__brand-name">
            Vintry
            {businessName ? <span className="sidebar__business">{businessName}</span> : null}
          </span>
        </Link>
        {variant === 'drawer' ? (
          <button
            type="button"
            className="sidebar__toggle"
            aria-label="Close menu"
            onClick={onCloseDrawer}
          >
            <X size={20} aria-hidden="true" />
          </button>
        ) : (
          <button
            type="button"
            className="sidebar__toggle"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            onClick={toggleCollapsed}
          >
            {collapsed ? (
              <PanelLeftOpen size={20} aria-hidden="true" />
            ) : (
              <PanelLeftClose size={20} aria-hidden="true" />
            )}
          </button>
        )}
      </div>

      <div className="sidebar__scroll">
        <ul className="sidebar__list">{MAIN_MENU.map(renderItem)}</ul>

        {isCollapsed ? (
          // The Quick Actions section shows only when expanded (spec); on a tablet's rail the
          // scanner's way in stays within reach as an icon of its own.
          <ul className="sidebar__list">
            <li>
              <button
                type="button"
                className="sidebar__item"
                title="Scan Product"
                aria-label="Scan Product"
                onClick={onScanProduct}
              >
                <ScanBarcode size={20} aria-hidden="true" className="sidebar__icon" />
              </button>
            </li>
          </ul>
        ) : (
          <section className="sidebar__quick" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="sidebar__section-title">
              Quick Actions
            </h2>
            <div className="sidebar__quick-buttons">
              <button type="button" className="sidebar__quick-button" onClick={onScanProduct}>
                <ScanBarcode size={18} aria-hidden="true" />
                Scan Product
              </button>
              <button type="button" className="sidebar__quick-button" onClick={onScanInvoice}>
                <ReceiptText size={18} aria-hidden="true" />
                Scan Invoice
              </button>
            </div>
          </section>
        )}

        <ul className="sidebar__list sidebar__list--footer">
          {FOOTER_MENU.map(renderItem)}
          <li>
            <button
              type="button"
              className="sidebar__item"
              title={isCollapsed ? 'Sign Out' : undefined}
              aria-label={isCollapsed ? 'Sign Out' : undefined}
              onClick={onSignOut}
            >
              <LogOut size={20} aria-hidden="true" className="sidebar__icon" />
              <span className="sidebar__label">Sign Out</span>
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
