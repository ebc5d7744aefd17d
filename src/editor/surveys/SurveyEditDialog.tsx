// Rename a survey and/or move it to another floor or date.
import { useState } from 'react';
import type { ManagedSurvey } from '../../../contract/surveyEditing';
import type { Floor } from '../../../contract/api';
import { useEditSurvey } from '../../api/queries/surveyEditing';
import { NameField } from '../common/EditorForm';
import { ManagerDialog } from './ManagerDialog';
import { surveyChanges } from './managerRules';

export function SurveyEditDialog({
  site,
  survey,
  floors,
  onClose,
  onReload,
}: {
  site: string;
  survey: ManagedSurvey;
  floors: Floor[];
  onClose: () => void;
  onReload: () => void;
}) {
  // The state the dialog opened on: the edit names its revision, so a change made meanwhile (heard through the
  // change stream) is refused rather than overwritten. Reload opens the dialog again on the new state.
  const [start] = useState(survey);
  const [draft, setDraft] = useState({ survey_name: start.survey_name, floor: start.floor, date: start.date });
  const edit = useEditSurvey(site, start.id);
  const save = () => {
    const changes = surveyChanges(start, draft);
    if (!changes) return onClose();
    edit.mutate({ revision: start.revision, ...changes }, { onSuccess: onClose });
  };
  return (
    <ManagerDialog
      title={`Rename or move "${start.survey_name}"`}
      onClose={onClose}
      onSubmit={save}
      submitLabel="Save"
      busy={edit.isPending}
      error={edit.error}
      onReload={() => {
        edit.reset();
        onReload();
      }}
    >
      <NameField
        label="Name"
        value={draft.survey_name}
        onChange={(survey_name) => setDraft({ ...draft, survey_name })}
      />
      <label className="field">
        <span>Floor</span>
        <select value={draft.floor} onChange={(e) => setDraft({ ...draft, floor: Number(e.target.value) })}>
          {floors.map((f) => (
            <option key={f.floor} value={f.floor}>
              {f.floor_name || `Floor ${f.floor}`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Date</span>
        <input type="date" value={draft.date} onChange={(e) => setDraft({ ...draft, date: e.target.value })} />
      </label>
    </ManagerDialog>
  );
}
