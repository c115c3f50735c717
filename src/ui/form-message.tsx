export interface FormMessageValue {
  kind: 'error' | 'success';
  text: string;
}

/** The message area of the auth screens: errors in red, successes in green, both announced. */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  return (
    <div aria-live="polite" role="status">
      {message ? (
        <p className={`form-message form-message--${message.kind}`}>{message.text}</p>
      ) : null}
    </div>
  );
}
