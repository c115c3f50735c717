import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createQueryClient } from '#app/query-client.ts';
import { SessionGate } from '#app/session-gate.tsx';
import { saveSession } from '#data/session.ts';
import { createAppRouter } from '#routes/router.ts';

/** The whole app, as main.tsx mounts it, on an in-memory history starting at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionGate onSignedOut={() => void router.invalidate()}>
        <RouterProvider router={router} />
      </SessionGate>
    </QueryClientProvider>,
  );
  return { ...view, router, history };
}

export const DEMO_USER = {
  id: 'u1',
  email: 'demo@vintry.test',
  name: 'Demo Owner',
  role: 'owner',
  businessId: 'b1',
  businessName: 'Demo Cellar',
} as const;

export async function signInAsDemo() {
  await saveSession({ accessToken: 'access-1', refreshToken: 'refresh-1', user: DEMO_USER });
}

/** GET /user/profile answering the demo user, for screens whose top bar asks for it. */
export const demoProfileHandler = () =>
  http.get('*/api/v1/user/profile', () => HttpResponse.json(DEMO_USER));

/**
 * GET /dashboard answering 503, for tests that open the app on the dashboard but look at its
 * frame: the server answers (so the app counts as online) and the cards are not what is tested.
 */
export const idleDashboardHandler = () =>
  http.get('*/api/v1/dashboard', () =>
    HttpResponse.json({ message: 'The dashboard is not part of this test' }, { status: 503 }),
  );
