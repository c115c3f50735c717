import { setupServer } from 'msw/node';

/** The msw server the unit tests install handlers on, one test at a time. */
export const mockServer = setupServer();
