import { useSyncExternalStore } from 'react';

/**
 * Phones (under 768 px) get the sidebar as a drawer; tablets (768–1199 px, a 1024 px iPad in landscape too) start with it
 * collapsed; desktops start with it expanded.
 */
export type Viewport = 'phone' | 'tablet' | 'desktop';

const PHONE = '(max-width: 767.98px)';
const TABLET = '(max-width: 1199.98px)';

function current(): Viewport {
  if (window.matchMedia(PHONE).matches) return 'phone';
  if (window.matchMedia(TABLET).matches) return 'tablet';
  return 'desktop';
}

function subscribe(listener: () => void) {
  const queries = [window.matchMedia(PHONE), window.matchMedia(TABLET)];
  for (const query of queries) query.addEventListener('change', listener);
  return () => {
    for (const query of queries) query.removeEventListener('change', listener);
  };
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
