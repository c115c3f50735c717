import { useEffect, useRef, useState } from 'react';

/**
 * `value`, but changing at most once per `ms` (0: every change): a change after a quiet spell
 * shows at once, and a burst of changes (a replay acknowledging a thousand writes) shows at its
 * start and then every `ms` with the latest, never skipping the last one.
 */
export function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = shownAt.current + ms - Date.now();
    if (wait <= 0) {
      shownAt.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      shownAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, ms]);
  return Object.is(value, shown) || shownAt.current + ms <= Date.now() ? value : shown;
}
