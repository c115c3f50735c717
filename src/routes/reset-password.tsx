import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form.tsx';
import { rootRoute } from './root.tsx';

const SearchSchema = v.object({ token: v.optional(v.string()) });

function ResetPasswordScreen() {
  const { token } = resetPasswordRoute.useSearch();
  const navigate = useNavigate();
  const backToLogin = useCallback(
    ({ replace }: { replace: boolean }) => void navigate({ to: '/login', replace }),
    [navigate],
  );
  return <ResetPasswordForm token={token ?? ''} onBackToLogin={backToLogin} />;
}

/** /reset-password?token=…: public; without a token it goes straight to /login. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search) =>
    v.parse(SearchSchema, { token: typeof search.token === 'string' ? search.token : undefined }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/login', replace: true });
  },
  component: ResetPasswordScreen,
});
