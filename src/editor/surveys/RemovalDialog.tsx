// Deleting a survey or a scene: what it removes is read from the server and listed before anything goes.
import { useState } from 'react';
import type { Removal } from '../../../contract/surveyEditing';
import { useDelete, useRemoval, type Removable } from '../../api/queries/surveyEditing';
import { Spinner } from '../../ui/Spinner';
import { ManagerDialog } from './ManagerDialog';
import { removalLines } from './managerRules';

export function RemovalDialog({
  site,
  what,
  name,
  onClose,
  onReload,
}: {
  site: string;
  what: Removable;
  name: string;
  onClose: () => void;
  onReload: () => void;
}) {
  const removal = useRemoval(site, what);
  const remove = useDelete(site, what);
  // What the person was shown is what is deleted: a later answer (the change stream refreshes it) does not replace
  // it; its revision makes the deletion a 409 if anything changed meanwhile. Reload opens the dialog again.
  const [shown, setShown] = useState<Removal | null>(null);
  if (removal.data && !shown) setShown(removal.data);
  return (
    <ManagerDialog
      title={`Delete ${what.kind} "${name}"?`}
      onClose={onClose}
      onSubmit={() => shown && remove.mutate(shown.revision, { onSuccess: onClose })}
      submitLabel={`Delete ${what.kind}`}
      busy={remove.isPending || !shown}
      error={remove.error ?? removal.error}
      danger
      onReload={() => {
        remove.reset();
        onReload();
      }}
    >
      {shown ? (
        <>
          <p>This removes, for everyone, and cannot be undone:</p>
          <ul className="removal-list">
            {removalLines(shown).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="field-hint">Their tiles are deleted from storage once the deletion is saved.</p>
        </>
      ) : removal.isPending ? (
        <Spinner label="Finding what this removes" />
      ) : null}
    </ManagerDialog>
  );
}
