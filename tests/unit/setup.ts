import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every test starts from an empty browser: no rendered tree and no stored session.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
