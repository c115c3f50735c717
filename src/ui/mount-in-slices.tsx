import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Mounts its children in a transition once the fallback has been committed. A router's or a
 * store's update renders synchronously, in one task however large the tree; a transition lets
 * React yield to the browser every few milliseconds instead (the signed-in screens' first render
 * was one 200 ms task at a phone's CPU speed, during which a tap waited).
 */
export function MountInSlices({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : fallback;
}
