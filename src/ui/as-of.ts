import { useEffect, useState } from 'react';

/**
 * When a kept answer was worked out, as a screen says it ('Updated 9:41 AM', or with its day
 * when it is not today's).
 */
export function asOfText(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? time
    : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** Re-renders now and then, so what depends on the time (an 'Updated' note) follows it. */
export function useNow(everyMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
