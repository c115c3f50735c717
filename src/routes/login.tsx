import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LoginForm } from '#features/auth/components/login-form.tsx';
import { useSession } from '#features/auth/use-session.ts';
import { rootRoute } from './root.tsx';

function LoginScreen() {
  const navigate = useNavigate();
  const { notice } = useSession();
  const onSignedIn = useCallback(() => {
    void navigate({ to: '/dashboard' });
  }, [navigate]);
  return <LoginForm notice={notice} onSignedIn={onSignedIn} />;
}

/** /login: public; an already signed-in user goes to the dashboard, replacing the entry. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated()) throw redirect({ to: '/dashboard', replace: true });
  },
  component: LoginScreen,
});
