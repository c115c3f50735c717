import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetConnectionForTests } from '#data/connection.ts';
import { installFeeds, installWriteHandlers } from '#data/modules.ts';

// A wait for what a test expects to appear guards against a hang; it measures nothing (speed is
// the benchmarks'). Testing Library's 1 s default was a timing threshold in disguise: under the
// whole suite on two cores, the signed-in app's first render in a test file took 1.3 s.
configure({ asyncUtilTimeout: 5000 });

// As the signed-in page and the service worker do.
installWriteHandlers();
installFeeds();

/**
 * jsdom has no matchMedia: answer width queries from window.innerWidth so that layout code sees
 * the viewport a test sets (setViewportWidth).
 */
function matches(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (max?.[1] && window.innerWidth > Number(max[1])) return false;
  if (min?.[1] && window.innerWidth < Number(min[1])) return false;
  return Boolean(max || min);
}

window.matchMedia = (query: string) =>
  ({
    media: query,
    get matches() {
      return matches(query);
    },
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom does not scroll; the router restores scroll positions after navigation, and a tab bar
// brings its open tab into view.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  window.innerWidth = 1280;
  // A server left unreachable by the last test's network failures answers again.
  resetConnectionForTests();
});

// Every test starts from an empty browser: no rendered tree and no stored session.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
