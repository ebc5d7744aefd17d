// Deleting a survey or a scene: what it removes is read from the server and listed before anything goes.
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
  return (
    <ManagerDialog
      title={`Delete ${what.kind} "${name}"?`}
      onClose={onClose}
      onSubmit={() => removal.data && remove.mutate(removal.data.revision, { onSuccess: onClose })}
      submitLabel={`Delete ${what.kind}`}
      busy={remove.isPending || !removal.data}
      error={remove.error ?? removal.error}
      danger
      onReload={() => {
        remove.reset();
        void removal.refetch();
        onReload();
      }}
    >
      {removal.data ? (
        <>
          <p>This removes, for everyone, and cannot be undone:</p>
          <ul className="removal-list">
            {removalLines(removal.data).map((line) => (
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
