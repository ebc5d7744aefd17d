// A scene's title and north, and its move to another survey of the site.
import { useState } from 'react';
import type { ManagedScene, ManagedSurvey } from '../../../contract/surveyEditing';
import { useEditScene, useMoveScene } from '../../api/queries/surveyEditing';
import { NameField } from '../common/EditorForm';
import { ManagerDialog } from './ManagerDialog';
import { northDegrees, northRadians } from './managerRules';

interface SceneDialogProps {
  site: string;
  scene: ManagedScene;
  onClose: () => void;
  onReload: () => void;
}

export function SceneEditDialog({ site, scene: current, onClose, onReload }: SceneDialogProps) {
  // The state the dialog opened on (see SurveyEditDialog).
  const [scene] = useState(current);
  const [title, setTitle] = useState(scene.title);
  const [north, setNorth] = useState(String(northDegrees(scene.north)));
  const [fault, setFault] = useState('');
  const edit = useEditScene(site, scene.id);
  const save = () => {
    const deg = Number(north);
    if (north.trim() === '' || !Number.isFinite(deg) || Math.abs(deg) > 360)
      return setFault('North must be a number of degrees from -360 to 360.');
    setFault('');
    const changed = {
      ...(title.trim() !== scene.title ? { title: title.trim() } : {}),
      ...(northRadians(deg) !== northRadians(northDegrees(scene.north)) ? { north: northRadians(deg) } : {}),
    };
    if (!Object.keys(changed).length) return onClose();
    edit.mutate({ revision: scene.revision, ...changed }, { onSuccess: onClose });
  };
  return (
    <ManagerDialog
      title={`Edit scene "${scene.title}"`}
      onClose={onClose}
      onSubmit={save}
      submitLabel="Save"
      busy={edit.isPending}
      error={fault || edit.error}
      onReload={() => {
        edit.reset();
        onReload();
      }}
    >
      <NameField label="Title" value={title} onChange={setTitle} />
      <label className="field">
        <span>North (degrees)</span>
        <input inputMode="numeric" value={north} onChange={(e) => setNorth(e.target.value)} />
      </label>
      <p className="field-hint">
        Where the photo&apos;s straight-ahead (yaw 0) points on the floor plan, clockwise from the plan&apos;s top. It
        turns the scene&apos;s marker on the minimap; hotspots stay where they are in the photo.
      </p>
    </ManagerDialog>
  );
}

export function SceneMoveDialog({
  site,
  scene,
  from,
  surveys,
  onClose,
  onReload,
}: SceneDialogProps & { from: ManagedSurvey; surveys: ManagedSurvey[] }) {
  const [revision] = useState(scene.revision);
  const others = surveys.filter((s) => s.id !== from.id);
  const [to, setTo] = useState(others[0]?.id ?? '');
  const move = useMoveScene(site, scene.id);
  const target = others.find((s) => s.id === to);
  return (
    <ManagerDialog
      title={`Move scene "${scene.title}"`}
      onClose={onClose}
      onSubmit={() => (to ? move.mutate({ revision, survey: to }, { onSuccess: onClose }) : onClose())}
      submitLabel="Move"
      busy={move.isPending || !to}
      error={move.error}
      onReload={() => {
        move.reset();
        onReload();
      }}
    >
      {others.length ? (
        <label className="field">
          <span>To the survey</span>
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.survey_name} (floor {s.floor}, {s.date})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p>This site has no other survey to move the scene to.</p>
      )}
      {target && target.floor !== from.floor ? (
        <p className="field-hint">That survey is on another floor: place the scene on its floor plan afterwards.</p>
      ) : null}
    </ManagerDialog>
  );
}
