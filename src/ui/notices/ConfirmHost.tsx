// Shows the question askConfirm() is waiting on, in the product's Modal (Escape, the backdrop and the close icon
// answer no; focus starts on the safe answer and goes back where it was).
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { Modal } from '../Modal';
import { confirmStore } from './notices';
import type { PendingConfirm } from './confirmStore';

export function ConfirmHost() {
  const pending = useSyncExternalStore(confirmStore.subscribe, confirmStore.current, confirmStore.current);
  return pending ? <ConfirmDialog key={pending.id} request={pending} /> : null;
}

function ConfirmDialog({ request }: { request: PendingConfirm }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { answer } = request;
  const no = useCallback(() => answer(false), [answer]);
  return (
    <Modal title={request.title} onClose={no} className="confirm-dialog" role="alertdialog" initialFocus={cancel}>
      <p className="confirm-message">{request.message}</p>
      <div className="confirm-actions">
        <button ref={cancel} type="button" className="secondary-button" onClick={no}>
          {request.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={request.danger ? 'primary-button danger-button' : 'primary-button'}
          onClick={() => answer(true)}
        >
          {request.confirmLabel ?? 'OK'}
        </button>
      </div>
    </Modal>
  );
}
