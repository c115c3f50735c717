import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';
import { useScrollLock } from './use-scroll-lock.ts';

/**
 * A modal dialog: focus stays inside and returns where it was on close; Escape, the Close button
 * and a click on the backdrop close it; the page behind does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  header,
  role = 'dialog',
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Replaces the plain title row (the title stays the dialog's accessible name). */
  header?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panelRef, true, onClose);
  useScrollLock(true);

  return createPortal(
    <div className="modal">
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal */}
      <div
        ref={panelRef}
        className={`modal__panel modal__panel--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
      >
        <div className="modal__header">
          {header ?? (
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
          )}
          {header ? (
            <span id={titleId} className="visually-hidden">
              {title}
            </span>
          ) : null}
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
