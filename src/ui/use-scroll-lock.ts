import { useEffect } from 'react';

/**
 * Locks page scrolling while a dialog is open: the document and the layout's scrolling content
 * area both stop scrolling, and get their own overflow back afterwards.
 */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const targets = [document.body, document.getElementById('main-content')].filter(
      (element): element is HTMLElement => element !== null,
    );
    const previous = targets.map((element) => element.style.overflow);
    for (const element of targets) element.style.overflow = 'hidden';
    return () => {
      targets.forEach((element, index) => {
        element.style.overflow = previous[index] ?? '';
      });
    };
  }, [active]);
}
