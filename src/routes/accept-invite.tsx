import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { AcceptInviteForm } from '#features/auth/components/accept-invite-form.tsx';
import { rootRoute } from './root.tsx';

const SearchSchema = v.object({ token: v.optional(v.string()) });

function AcceptInviteScreen() {
  const { token } = acceptInviteRoute.useSearch();
  const navigate = useNavigate();
  return (
    <AcceptInviteForm
      token={token ?? ''}
      onSignedIn={() => void navigate({ to: '/dashboard', replace: true })}
      onBackToLogin={() => void navigate({ to: '/login' })}
    />
  );
}

/** /accept-invite?token=…: public, like the reset link; without a token it goes to /login. */
export const acceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept-invite',
  validateSearch: (search) =>
    v.parse(SearchSchema, { token: typeof search.token === 'string' ? search.token : undefined }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/login', replace: true });
  },
  component: AcceptInviteScreen,
});
