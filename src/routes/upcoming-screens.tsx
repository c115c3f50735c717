import { createRoute } from '@tanstack/react-router';
import { navigationLabel } from '#app/navigation.ts';
import { ComingSoon } from '#ui/coming-soon.tsx';
import { signedInRoute } from './signed-in.tsx';

/**
 * The screens the menu offers whose content the product does not show yet. Each is a titled page
 * inside the layout, so no menu entry ever leads to a blank page or a 404.
 */
const UPCOMING_PATHS = ['/settings/integrations', '/settings/billing'] as const;

export const upcomingScreenRoutes = UPCOMING_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    component: () => <ComingSoon title={navigationLabel(path) ?? path} />,
  }),
);
