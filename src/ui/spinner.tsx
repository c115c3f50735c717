/** The centred 'Loading...' spinner of spec section 2 (protected routes while the session is read). */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
