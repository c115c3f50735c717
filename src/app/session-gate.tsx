import { type ReactNode, useEffect, useRef } from 'react';
import { loadSession } from '#data/session.ts';
import { useSession } from '#features/auth/use-session.ts';
import { PageSpinner } from '#ui/spinner.tsx';

/**
 * Reads the stored session before any route renders (spec section 4), showing the centred
 * 'Loading...' spinner meanwhile. When the session later ends (sign-out here or in another tab,
 * or a refused refresh), `onSignedOut` lets the router send the user to /login.
 */
export function SessionGate({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut: () => void;
}) {
  const { status } = useSession();
  const previous = useRef(status);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (previous.current === 'authenticated' && status === 'unauthenticated') onSignedOut();
    previous.current = status;
  }, [status, onSignedOut]);

  if (status === 'loading') return <PageSpinner />;
  return <>{children}</>;
}
