// A modal dialog: close icon, a backdrop that closes it, Escape closes, focus moves in and comes back.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

export function Modal({
  title,
  onClose,
  children,
  className,
  hideTitle,
  role = 'dialog',
  initialFocus,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  hideTitle?: boolean;
  /** alertdialog: a question that needs an answer before going on (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** What gets focus first instead of the dialog itself (the safe answer of a question). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Only the topmost dialog closes (a confirmation asked from inside another dialog).
      const modals = document.querySelectorAll('[aria-modal="true"]');
      if (e.key === 'Escape' && modals[modals.length - 1] === box.current) {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose, initialFocus]);
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className={`modal ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={id} className={hideTitle ? 'visually-hidden' : undefined}>
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
