import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The msw server the unit tests install handlers on, one test at a time. /health answers unless a
 * test says otherwise: the app asks it when its first screen opens.
 */
export const mockServer = setupServer(
  http.get('*/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'pglite' })),
);
