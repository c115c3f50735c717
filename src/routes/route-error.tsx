import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** A screen's code or style that did not arrive (browsers and Vite's preload word it differently). */
const notLoaded = (message: string) =>
  /dynamically imported module|module script failed|error loading dynamically|unable to preload/i.test(
    message,
  );

/**
 * What a screen shows when it cannot open. When its code did not arrive, the cause is a screen
 * this device has never fetched, offline (the app was opened for the first time and the
 * connection went before the app finished saving itself): say that in words, instead of an
 * error's text. Try again loads the
 * screen anew; nothing typed elsewhere is lost, since the outbox and the catalogue live in
 * IndexedDB.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const message = error instanceof Error ? error.message : String(error);
  const notSaved = notLoaded(message);

  async function tryAgain() {
    await router.invalidate();
    reset();
  }

  return (
    <div className="card route-error" role="alert">
      <h1 className="route-error__title" ref={heading} tabIndex={-1}>
        {notSaved ? 'This screen is not on this device yet' : 'This screen could not be opened'}
      </h1>
      <p>
        {notSaved
          ? 'It is saved for offline use the first time the app is opened with a connection. Connect, then try again.'
          : message || 'Unknown error'}
      </p>
      <button type="button" className="button button--primary" onClick={() => void tryAgain()}>
        Try again
      </button>
    </div>
  );
}
