import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Printing one thing of a screen alone (a report): `print()` mounts its sheet on the page's
 * body (global .print-sheet: it alone prints, and it is not seen on screen), opens the browser's
 * printing, and takes the sheet away once it is done, so no other printing picks it up.
 */
export function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  return { printing, print: () => setPrinting(true) };
}

export function PrintSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="print-sheet" aria-hidden="true">
      {children}
    </div>,
    document.body,
  );
}
