import { Outlet } from '@tanstack/react-router';
import { AppLayout } from '#app/layout/app-layout.tsx';

/** The layout around every protected screen; loaded once signed in, not by the sign-in screen. */
export function SignedInLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
