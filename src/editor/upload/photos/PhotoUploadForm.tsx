// The "360 photos" half of the upload page: photos (browse or drop, many at once) checked in the browser, an
// optional positions CSV (else the survey's date and name), Submit, then the bars of the bytes sent (the job
// that follows is JobFollow's).
import type { UploadMode } from '../../../api/queries/sceneUpload';
import { PHOTO_EXTENSIONS, PHOTO_TYPES } from '../../../../contract/photoLimits';
import { DropArea } from '../../common/DropArea';
import { CsvIcon, ImageIcon, WarningIcon } from '../../../ui/icons';
import { GuardedButton } from '../../../ui/GuardedButton';
import { ValidationTable } from '../ValidationTable';
import { CSV_FILE_ERROR, ORPHANS_IN_CSV } from '../validateUpload';
import { isCsvDrop } from '../dropKinds';
import { isPhotoFile } from './checkPhotos';
import { PhotoList } from './PhotoList';
import { JobProgress } from './JobProgress';
import { DuplicateDialog } from '../DuplicateDialog';
import { usePhotoUpload } from './usePhotoUpload';

const ACCEPT = [...PHOTO_TYPES, ...PHOTO_EXTENSIONS].join(',');

export function PhotoUploadForm(props: {
  mode: UploadMode;
  site: string;
  floor: number;
  siteName: string;
  timeline: boolean;
  floorName: (n: number) => string;
  /** Away from the page, keeping the survey as it is (the photos were in it already). */
  onKeep: () => void;
}) {
  const u = usePhotoUpload(props);
  const busy = u.uploading;

  if (u.view) return <JobProgress view={u.view} />;

  return (
    <>
      <div className="upload-drops">
        <DropArea
          label="360 photos (JPEG, PNG, WebP, AVIF)"
          hint="Drop the equirectangular photos (2:1) here or browse; several at once."
          accept={ACCEPT}
          acceptsDrop={isPhotoFile}
          file={null}
          onFiles={u.addFiles}
          icon={<ImageIcon />}
          disabled={busy}
        >
          {u.files.length ? <p className="drop-file">{u.files.length} chosen</p> : null}
        </DropArea>
        <DropArea
          label="Scene positions (.csv, optional)"
          hint="Without it the scenes come in unplaced, to be placed on the plan later."
          accept=".csv"
          acceptsDrop={isCsvDrop}
          file={u.csvFile}
          onFile={u.setCsvFile}
          onClear={() => u.setCsvFile(null)}
          icon={<CsvIcon />}
          disabled={busy}
        />
      </div>

      <PhotoList photos={u.listed} onRemove={u.removeFile} disabled={busy} />

      <div className="upload-messages" aria-live="polite">
        {u.problems.map((p) => (
          <p key={p} className="upload-error" role="alert">
            {p}
          </p>
        ))}
        {u.csv.state === 'failed' ? (
          <p className="upload-error" role="alert">
            The CSV could not be read: {u.csv.message}
          </p>
        ) : null}
        {u.validation?.problem ? (
          <p className="upload-error" role="alert">
            {u.validation.problem}
          </p>
        ) : u.validation?.csvError ? (
          <p className="upload-error" role="alert" data-label="CSVFileError">
            {CSV_FILE_ERROR}
          </p>
        ) : null}
        {u.withoutRow ? (
          <p className="upload-error" role="alert">
            {u.withoutRow}
          </p>
        ) : null}
        {u.validation && u.validation.orphanLines.length > 0 ? (
          <p className="upload-warning" data-label="orphansInCSV">
            <WarningIcon /> {ORPHANS_IN_CSV.replace('scene folder in the zip', 'chosen photo')}
          </p>
        ) : null}
        {u.sendError ? (
          <p className="upload-error" role="alert">
            {u.sendError}
          </p>
        ) : null}
      </div>

      {u.validation && u.validation.rows.length > 0 ? (
        <ValidationTable rows={u.validation.rows} timeline={props.timeline} floorName={props.floorName} />
      ) : null}

      {!u.csvFile ? (
        <div className="photo-survey-fields">
          <label>
            Survey date
            <input type="date" required value={u.date} onChange={(e) => u.setDate(e.target.value)} disabled={busy} />
          </label>
          <label>
            Survey name (optional)
            <input
              type="text"
              maxLength={200}
              value={u.surveyName}
              onChange={(e) => u.setSurveyName(e.target.value)}
              disabled={busy}
            />
          </label>
        </div>
      ) : null}

      {u.duplicate ? (
        <DuplicateDialog
          label="These photos are already uploaded"
          message={u.duplicate}
          onReplace={() => u.submit(true)}
          onKeep={props.onKeep}
        />
      ) : null}

      <div className="upload-actions">
        <GuardedButton className="primary-button" blocked={u.blocked} onClick={() => u.submit()}>
          Submit
        </GuardedButton>
      </div>
    </>
  );
}
