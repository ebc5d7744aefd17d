// The scene upload page (admin): a zip of tiles (Marzipano Tool export) and the positions CSV, checked in the
// browser before anything is sent (the zip's central directory only, never its tiles), then uploaded with a
// progress bar fed by the real upload progress, then back to the viewer.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useMinimapFloors } from '../../api/queries/minimap';
import { useSiteSettings } from '../../api/queries/settings';
import { useSiteExists } from '../../api/queries/surveys';
import type { UploadMode } from '../../api/queries/sceneUpload';
import { multiSiteModeAtom } from '../../state/atoms';
import { DropArea } from '../common/DropArea';
import { CsvIcon, ZipIcon } from '../../ui/icons';
import { uploadFloors } from './validateUpload';
import { CsvFormatHelp } from './CsvFormatHelp';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SiteNameField } from './SiteNameField';
import { NO_FLOORS, floorOrZero } from '../../../contract/floors';
import { ValidationTable } from './ValidationTable';
import { submitBlock } from './submitBlock';
import { GuardedButton } from '../../ui/GuardedButton';
import { isCsvDrop, isZipDrop } from './dropKinds';
import { UploadKindChoice, type UploadKind } from './UploadKindChoice';
import { PhotoUploadForm } from './photos/PhotoUploadForm';
import { JobFollow } from './JobFollow';
import { DuplicateDialog } from './DuplicateDialog';
import { useJobParam } from './photos/useJobParam';
import { useUploadSiteName } from './useUploadSiteName';
import { useExportChecks } from './useExportChecks';
import { useExportUpload } from './useExportUpload';
import { uploadTitle } from './uploadTitle';
import { UploadMessages } from './UploadMessages';
import { UploadProgress } from './UploadProgress';
import '../editor.css';

export { UPLOAD_FAILED } from './useExportUpload';

export default function UploadPage({ mode, site, floor }: { mode: UploadMode; site: string; floor: number }) {
  const navigate = useNavigate();
  const multiSite = useAtomValue(multiSiteModeAtom);
  // Only on an existing site: observing a failed settings query would refetch it on mount, and the shell
  // (which shows this page while that query has failed) would flip back to its loading screen.
  const settings = useSiteSettings(mode === 'addScene' && site ? site : undefined);
  const floors = useMinimapFloors(mode === 'addScene' ? site : '');
  const exists = useSiteExists(floor === NO_FLOORS && site ? site : '');

  // A reload while photos are being tiled comes back to their bars (the job is in the URL).
  const [kind, setKind] = useState<UploadKind>('export');
  const [jobRef, setJobRef] = useJobParam(site);
  const [zipFile, setZipFile] = useState<File | null>(null);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const { siteName, saveName } = useUploadSiteName(mode, site, settings);
  const timeline = settings.data?.enable.timeline ?? true;
  const checks = useExportChecks(zipFile, csvFile, timeline, floor);
  const { validation, validating } = checks;
  const sitePage = (id: string) => (multiSite ? `/site/${encodeURIComponent(id)}/site` : '/site');
  const { submit, uploading, progress, imported, duplicate } = useExportUpload({
    mode,
    site,
    floor,
    siteName,
    zipFile,
    csvFile,
    checks,
    setJobRef,
    sitePage,
  });

  const floorNumber = floorOrZero(floor);
  const nameOf = (n: number) => floors.data?.find((f) => f.floor === n)?.floor_name || `Floor ${n}`;
  const floorName = nameOf(floorNumber);
  // The CSV's floor column decides where scenes go: the title names this page's floor only while the CSV agrees.
  const title = uploadTitle(validation ? uploadFloors(validation.rows) : [], floorNumber, nameOf);
  const submitWhyNot = submitBlock({
    hasZip: !!zipFile,
    hasCsv: !!csvFile,
    validating,
    failed: !!checks.blocked,
    uploading,
    duplicate: duplicate !== null,
  });

  useDocumentTitle(mode === 'addNewSite' ? `Add a new site: ${siteName}` : title);
  if (floor === NO_FLOORS && site && exists.data === true) return <Navigate to={sitePage(site)} replace />;
  return (
    <div className="upload-scroll">
      <main className="upload-page page" aria-busy={uploading || validating}>
        <header className="upload-title">
          {mode === 'addNewSite' ? (
            <h1>
              <span className="visually-hidden">Add a new site: </span>
              <SiteNameField stored={siteName} onSave={saveName} />
            </h1>
          ) : (
            <h1>{title}</h1>
          )}
          <p className="muted">
            Upload the Marzipano Tool export of the 360-degree tour (.zip) or 360 photos, and the CSV of scene
            positions. Each scene goes to the floor in its CSV row
            {mode === 'addScene' ? <> (rows without a floor: {floorName})</> : null}; the table below shows where,
            before anything is sent.
          </p>
          <CsvFormatHelp />
        </header>
        {jobRef && !uploading ? null : <UploadKindChoice kind={kind} onChange={setKind} disabled={uploading} />}
        {jobRef && !uploading ? (
          <JobFollow
            job={jobRef}
            sitePage={sitePage}
            onClear={(photos) => {
              setJobRef(null);
              setKind(photos ? 'photos' : 'export');
            }}
          />
        ) : kind === 'photos' ? (
          <PhotoUploadForm
            mode={mode}
            site={site}
            floor={floor}
            siteName={siteName}
            timeline={timeline}
            floorName={nameOf}
            onKeep={() => navigate(sitePage(site))}
          />
        ) : (
          <>
            <div className="upload-drops">
              <DropArea
                label="360° tour (.zip)"
                hint="Drop the tour .zip here or browse."
                accept=".zip"
                acceptsDrop={isZipDrop}
                file={zipFile}
                onFile={setZipFile}
                onClear={() => setZipFile(null)}
                icon={<ZipIcon />}
                disabled={uploading}
              />
              <DropArea
                label="Scene positions (.csv)"
                hint="Drop the positions .csv here or browse."
                accept=".csv"
                acceptsDrop={isCsvDrop}
                file={csvFile}
                onFile={setCsvFile}
                onClear={() => setCsvFile(null)}
                icon={<CsvIcon />}
                disabled={uploading}
              />
            </div>

            <UploadMessages validating={validating} zipError={checks.zipError} validation={validation} />

            {validation && validation.rows.length > 0 ? (
              <ValidationTable rows={validation.rows} timeline={timeline} floorName={nameOf} />
            ) : null}

            {duplicate ? (
              <DuplicateDialog
                label="This export is already uploaded"
                message={duplicate}
                onReplace={() => submit(true)}
                onKeep={() => navigate(sitePage(site))}
              />
            ) : null}

            <div className="upload-actions">
              {uploading ? <UploadProgress progress={progress} imported={imported} /> : null}
              <GuardedButton className="primary-button" blocked={submitWhyNot} onClick={() => submit()}>
                Submit
              </GuardedButton>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
