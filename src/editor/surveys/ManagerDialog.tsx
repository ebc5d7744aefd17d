// The survey manager's dialog: a form on the product's Modal, its refusal written inside it, and for an edit
// another administrator made first, a button that reloads the current state (the dialog then starts from it).
import type { ReactNode } from 'react';
import { Modal } from '../../ui/Modal';
import { ApiError } from '../../api/client';
import { EditorForm } from '../common/EditorForm';

/** A 409 of the revision check (not a name clash, which the person fixes in the form). */
export const isStaleEdit = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.message.startsWith('Someone else changed');

export function ManagerDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  error,
  onReload,
  danger,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onReload: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  const stale = isStaleEdit(error);
  return (
    <Modal title={title} onClose={onClose} className="manager-dialog">
      <EditorForm onSubmit={onSubmit}>
        {children}
        {error ? (
          <div role="alert" className="manager-error">
            {stale ? (
              <>
                <p>Someone else changed this; reload to see their change, then try again.</p>
                <button type="button" className="secondary-button" onClick={onReload}>
                  Reload
                </button>
              </>
            ) : (
              <p>{error instanceof Error ? error.message : String(error)}</p>
            )}
          </div>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="secondary-button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'primary-button danger-button' : 'primary-button'}
            disabled={busy || stale}
          >
            {submitLabel}
          </button>
        </div>
      </EditorForm>
    </Modal>
  );
}
