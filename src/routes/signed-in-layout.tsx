import { Outlet } from '@tanstack/react-router';
import { AppLayout } from '#app/layout/app-layout.tsx';
import { MountInSlices } from '#ui/mount-in-slices.tsx';

/** The layout around every protected screen; loaded once signed in, not by the sign-in screen. */
export function SignedInLayout() {
  return (
    <MountInSlices fallback={<div className="app-shell" />}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </MountInSlices>
  );
}
