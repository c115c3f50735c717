import { useLocation, useNavigate } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useAlerts } from '#data/hooks/use-alerts.ts';
import { unsentChangeCount } from '#data/sync/unsent.ts';
import { signOut } from '#features/auth/sign-out.ts';
import { useSession } from '#features/auth/use-session.ts';
import { plural } from '#shared/words.ts';
import { BrandMark } from '#ui/brand-mark.tsx';
import { Modal } from '#ui/modal.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { useFocusTrap } from '#ui/use-focus-trap.ts';
import { loadDeviceSync } from '../load-device-sync.ts';
import { ConnectivityIndicator } from './connectivity-indicator.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { useViewport } from './use-viewport.ts';
import './app-layout.css';

// Already loaded by the signed-in route (see load-device-sync.ts).
const DeviceSync = lazy(async () => ({ default: (await loadDeviceSync()).DeviceSync }));
// Loaded when first opened: the scanner and the catalogue's writes are not part of every
// screen's first paint.
const ScanProduct = lazy(async () => ({
  default: (await import('./scan-product.tsx')).ScanProduct,
}));

/** Every signed-in screen: the sidebar (a drawer on phones), a top bar, and the content area. */
export function AppLayout({ children }: { children: ReactNode }) {
  const viewport = useViewport();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [collapsed, setCollapsed] = useState(viewport === 'tablet');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Turning a tablet or resizing a window starts from that size's default.
  useEffect(() => {
    setCollapsed(viewport === 'tablet');
    if (viewport !== 'phone') setDrawerOpen(false);
  }, [viewport]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);

  const [unsentOnSignOut, setUnsentOnSignOut] = useState<number | null>(null);
  const [scanning, setScanning] = useState(false);

  async function finishSignOut() {
    setUnsentOnSignOut(null);
    await signOut();
    void navigate({ to: '/login', replace: true });
  }

  // Unsent changes cannot be sent once signed out (they wait for this user's next sign-in on
  // this device), so ask first.
  async function handleSignOut() {
    setDrawerOpen(false);
    const unsent = await unsentChangeCount().catch(() => 0);
    if (unsent > 0) setUnsentOnSignOut(unsent);
    else await finishSignOut();
  }

  const alertBadge = useAlerts().badge;
  const sidebarProps = {
    pathname,
    badges: { alerts: alertBadge && { count: alertBadge.count, type: alertBadge.severity } },
    collapsed,
    onToggleCollapsed: () => setCollapsed((value) => !value),
    onSignOut: handleSignOut,
    onScanProduct: () => {
      setDrawerOpen(false);
      setScanning(true);
    },
    onScanInvoice: () => {
      setDrawerOpen(false);
      void navigate({ to: '/purchasing', search: { tab: 'deliveries', delivery: 'new' } });
    },
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {viewport === 'phone' ? (
        drawerOpen ? (
          <div className="drawer">
            <button
              type="button"
              className="drawer__backdrop"
              aria-label="Close menu"
              tabIndex={-1}
              onClick={closeDrawer}
            />
            <div
              ref={drawerRef}
              className="drawer__panel"
              role="dialog"
              aria-modal="true"
              aria-label="Menu"
            >
              <Sidebar {...sidebarProps} variant="drawer" onCloseDrawer={closeDrawer} />
            </div>
          </div>
        ) : null
      ) : (
        <Sidebar {...sidebarProps} variant="rail" />
      )}
      <div className="app-main">
        <header className="top-bar">
          {viewport === 'phone' ? (
            <>
              <button
                ref={menuButtonRef}
                type="button"
                className="top-bar__menu"
                aria-label="Open menu"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
              >
                <Menu size={22} aria-hidden="true" />
                {/* The menu's Alerts badge, seen on a phone with the menu closed (the drawer's
                    entry says it to a screen reader). */}
                {alertBadge ? (
                  <span
                    className={`sidebar__badge top-bar__badge sidebar__badge--${alertBadge.severity}`}
                    aria-hidden="true"
                  >
                    {alertBadge.count}
                  </span>
                ) : null}
              </button>
              <span className="top-bar__brand">
                <BrandMark size={18} />
                Vintry
              </span>
            </>
          ) : null}
          <div className="top-bar__spacer" />
          <ConnectivityIndicator />
          {user ? <ProfileMenu sessionUser={user} /> : null}
        </header>
        <main id="main-content" className="app-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <ToastRegion />
      {scanning ? (
        <Suspense fallback={null}>
          <ScanProduct onClose={() => setScanning(false)} />
        </Suspense>
      ) : null}
      {unsentOnSignOut !== null ? (
        <Modal
          title="Sign out?"
          size="small"
          role="alertdialog"
          onClose={() => setUnsentOnSignOut(null)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setUnsentOnSignOut(null)}
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => void finishSignOut()}
              >
                Sign out
              </button>
            </>
          }
        >
          <p className="dialog-text">
            You have {plural(unsentOnSignOut, 'unsynced change')}. Sign out anyway?
          </p>
        </Modal>
      ) : null}
      <Suspense fallback={null}>
        <DeviceSync />
      </Suspense>
    </div>
  );
}
