// The toasts, bottom right: errors are role="alert" (read at once), others role="status" (read when the screen
// reader is idle). Each has a close button; Escape on it closes it; its clock stops while it is hovered or focused.
import { useSyncExternalStore } from 'react';
import { CloseIcon } from '../icons';
import { toastStore } from './notices';
import type { Toast } from './toastStore';

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.list, toastStore.list);
  // Always in the page, so the first toast lands in a region that already exists.
  return (
    <section className="toaster" aria-label="Notifications">
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const close = (item: Element | null) => {
    // Focus was on this toast: hand it to the next one rather than drop it on the page's body.
    const next = item?.nextElementSibling ?? item?.previousElementSibling;
    toastStore.dismiss(toast.id);
    next?.querySelector<HTMLElement>('button')?.focus();
  };
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      onMouseEnter={() => toastStore.hold(toast.id)}
      onMouseLeave={() => toastStore.release(toast.id)}
      onFocus={() => toastStore.hold(toast.id)}
      onBlur={() => toastStore.release(toast.id)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close(e.currentTarget);
      }}
    >
      <p className="toast-message">{toast.message}</p>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        onClick={(e) => close(e.currentTarget.closest('.toast'))}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
