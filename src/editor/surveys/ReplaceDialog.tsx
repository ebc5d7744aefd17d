// "Replace…" of a survey: a new Marzipano export (zip and positions CSV) or new 360 photos for the same survey.
// Its floor, date and name stay; visitors see the old scenes until the new ones are committed, then the new ones.
import { useState } from 'react';
import type { ManagedSurvey } from '../../../contract/surveyEditing';
import { PHOTO_EXTENSIONS, PHOTO_TYPES } from '../../../contract/photoLimits';
import { toast } from '../../ui/notices/notices';
import { UploadProgress } from '../upload/UploadProgress';
import { ManagerDialog } from './ManagerDialog';
import { useSurveyReplace, type ReplaceFiles } from './useSurveyReplace';
import { replacedMessage } from './managerRules';

const PHOTO_ACCEPT = [...PHOTO_TYPES, ...PHOTO_EXTENSIONS].join(',');

export function ReplaceDialog({
  site,
  survey,
  floorName,
  onClose,
  onReload,
}: {
  site: string;
  survey: ManagedSurvey;
  floorName: string;
  onClose: () => void;
  onReload: () => void;
}) {
  // The revision the dialog opened on: a change made meanwhile is refused (Reload starts it again).
  const [start] = useState(survey);
  const [kind, setKind] = useState<ReplaceFiles['kind']>('export');
  const [zip, setZip] = useState<File | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const replace = useSurveyReplace(site, start);
  const files: ReplaceFiles | null =
    kind === 'export' ? (zip && csv ? { kind, zip, csv } : null) : photos.length ? { kind, photos, csv } : null;
  const submit = () => {
    if (!files || replace.isPending) return;
    replace.mutate(files, {
      onSuccess: (result) => {
        toast.success(replacedMessage(start.survey_name, result));
        onClose();
      },
    });
  };
  return (
    <ManagerDialog
      title={`Replace "${start.survey_name}"`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={replace.isPending ? 'Replacing…' : 'Replace the scenes'}
      busy={replace.isPending || !files}
      error={replace.error}
      onReload={() => {
        replace.reset();
        onReload();
      }}
      danger
    >
      <p className="replace-kept">
        Floor <strong>{floorName}</strong>, date <strong>{start.date}</strong> and name{' '}
        <strong>{start.survey_name}</strong> stay. Its {start.scenes.length} scene(s) go once the new ones are in; links
        from other surveys follow a new scene of the same name.
      </p>
      <fieldset className="replace-kind" disabled={replace.isPending}>
        <legend>Replace with</legend>
        <label>
          <input type="radio" checked={kind === 'export'} onChange={() => setKind('export')} /> A Marzipano export
        </label>
        <label>
          <input type="radio" checked={kind === 'photos'} onChange={() => setKind('photos')} /> 360 photos
        </label>
      </fieldset>
      {kind === 'export' ? (
        <label className="field">
          <span>Export (.zip)</span>
          <input type="file" accept=".zip" onChange={(e) => setZip(e.target.files?.[0] ?? null)} />
        </label>
      ) : (
        <label className="field">
          <span>Photos</span>
          <input type="file" accept={PHOTO_ACCEPT} multiple onChange={(e) => setPhotos([...(e.target.files ?? [])])} />
        </label>
      )}
      <label className="field">
        <span>{kind === 'export' ? 'Positions (.csv)' : 'Positions (.csv, optional)'}</span>
        <input type="file" accept=".csv" onChange={(e) => setCsv(e.target.files?.[0] ?? null)} />
      </label>
      {replace.isPending ? <UploadProgress progress={replace.progress} imported={replace.imported} /> : null}
    </ManagerDialog>
  );
}
