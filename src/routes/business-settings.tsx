import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.tsx';

/** Settings → Team & Permissions. */
export const teamRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings/team',
  component: lazyRouteComponent(
    () => import('#features/business/components/team-page.tsx'),
    'TeamPage',
  ),
});

/** Settings → Business Profile. */
export const businessProfileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings/profile',
  component: lazyRouteComponent(
    () => import('#features/business/components/business-profile-page.tsx'),
    'BusinessProfilePage',
  ),
});

/** Settings → Payment & Tax (the POS's tenders, rounding, discount limit and receipt). */
export const paymentSettingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings/payment',
  component: lazyRouteComponent(
    () => import('#features/pos/components/payment-settings-page.tsx'),
    'PaymentSettingsPage',
  ),
});

/** Settings: the index of the settings pages. */
export const settingsIndexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings',
  component: lazyRouteComponent(
    () => import('#features/settings/components/settings-index.tsx'),
    'SettingsIndex',
  ),
});

/** Help & Support: guides shipped with the app. */
export const helpRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/help',
  component: lazyRouteComponent(
    () => import('#features/help/components/help-page.tsx'),
    'HelpPage',
  ),
});
