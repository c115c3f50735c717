import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';

/**
 * Short notices ('… deleted successfully!', '… - Feature to be implemented'): the product's
 * alerts, shown without blocking the page, announced to screen readers, gone after 5 seconds.
 */
export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
}

const TOAST_MS = 5000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(message: string, tone: Toast['tone'] = 'info') {
  const toast = { id: nextId++, message, tone };
  toasts = [...toasts.slice(-3), toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastRegion() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {current.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          <span className="toast__message">{toast.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
