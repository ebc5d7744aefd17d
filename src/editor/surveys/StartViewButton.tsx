// "Set start view here": the viewer's current camera becomes the scene's start view, for administrators. The
// scene's revision comes from the manager's list; a change someone else made first is said, with a reload.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../contract/queryKeys';
import { viewAtom } from '../../state/atoms';
import { useEditScene, useManagedSurveys } from '../../api/queries/surveyEditing';
import { CameraIcon } from '../../ui/icons';
import { isStaleEdit } from './ManagerDialog';
import { startViewFrom } from './managerRules';

export default function StartViewButton({
  site,
  sceneId,
  rotationOffset,
}: {
  site: string;
  sceneId: string;
  rotationOffset: number;
}) {
  const view = useAtomValue(viewAtom);
  const list = useManagedSurveys(site);
  const scene = list.data?.flatMap((s) => s.scenes).find((c) => c.id === sceneId);
  const edit = useEditScene(site, sceneId);
  const qc = useQueryClient();
  const [saved, setSaved] = useState(false);
  const save = async () => {
    if (!view) return;
    // Clicked before the survey read is in: the read is awaited, so the button looks live from the first picture.
    const surveys = list.data ?? (await list.refetch()).data;
    const target = surveys?.flatMap((s) => s.scenes).find((c) => c.id === sceneId);
    if (!target) return;
    setSaved(false);
    edit.mutate(
      { revision: target.revision, initial_parameters: startViewFrom(view, rotationOffset) },
      { onSuccess: () => setSaved(true) },
    );
  };
  const stale = isStaleEdit(edit.error);
  return (
    <>
      <button
        type="button"
        className="tool-button"
        onClick={() => void save()}
        disabled={(list.isSuccess && !scene) || !view || edit.isPending || stale}
      >
        <CameraIcon /> <span className="tool-label">Set start view here</span>
      </button>
      <p role="status" className={saved || edit.error ? 'tool-alert share-status' : 'visually-hidden'}>
        {saved ? 'Start view saved' : null}
        {edit.error && !stale ? edit.error.message : null}
        {stale ? (
          <>
            Someone else changed this scene; reload and try again.{' '}
            <button
              type="button"
              className="secondary-button"
              onClick={() => {
                edit.reset();
                void qc.invalidateQueries({ queryKey: keys.managedSurveys(site) });
              }}
            >
              Reload
            </button>
          </>
        ) : null}
      </p>
    </>
  );
}
