// The scene upload page (admin): a zip of tiles (Marzipano Tool export) and the positions CSV, checked in the
// browser before anything is sent (the zip's central directory only, never its tiles), then uploaded with a
// progress bar fed by the real upload progress, then back to the viewer.
import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useMinimapFloors } from '../../api/queries/minimap';
import { usePatchSiteSettings, useSiteSettings } from '../../api/queries/settings';
import { useSiteExists } from '../../api/queries/surveys';
import { useUploadScenes, type UploadMode } from '../../api/queries/sceneUpload';
import { multiSiteModeAtom } from '../../state/atoms';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/notices/notices';
import { DropArea } from '../common/DropArea';
import { CsvIcon, WarningIcon, ZipIcon } from '../../ui/icons';
import { listZipEntries } from './zipListing';
import {
  CSV_FILE_ERROR,
  ORPHANS_IN_CSV,
  csvWithoutOrphans,
  tileFoldersOf,
  uploadFloors,
  validateUpload,
  type TileFolder,
} from './validateUpload';
import { buildViewerSearch } from '../../../contract/viewerLink';
import { ApiError } from '../../api/client';
import { CsvFormatHelp } from './CsvFormatHelp';
import { usePins } from '../../api/queries/pins';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SiteNameField } from './SiteNameField';
import { NO_FLOORS, floorOrZero } from '../../../contract/floors';
import { ValidationTable } from './ValidationTable';
import { submitBlock } from './submitBlock';
import { GuardedButton } from '../../ui/GuardedButton';
import { useChecked } from './useChecked';
import { readCsvFile } from './readCsvFile';
import { uploadSiteId } from './uploadSite';
import { isCsvDrop, isZipDrop } from './dropKinds';
import { UploadKindChoice, type UploadKind } from './UploadKindChoice';
import { PhotoUploadForm } from './photos/PhotoUploadForm';
import { JobFollow } from './JobFollow';
import { DuplicateDialog } from './DuplicateDialog';
import { useJobParam } from './photos/useJobParam';
import '../editor.css';

export const UPLOAD_FAILED = 'Error! Failed to upload scene.';

const readFolders = async (f: File): Promise<TileFolder[]> => tileFoldersOf(await listZipEntries(f));

export default function UploadPage({ mode, site, floor }: { mode: UploadMode; site: string; floor: number }) {
  const navigate = useNavigate();
  const multiSite = useAtomValue(multiSiteModeAtom);
  // Only on an existing site: observing a failed settings query would refetch it on mount, and the shell
  // (which shows this page while that query has failed) would flip back to its loading screen.
  const settings = useSiteSettings(mode === 'addScene' && site ? site : undefined);
  const floors = useMinimapFloors(mode === 'addScene' ? site : '');
  const exists = useSiteExists(floor === NO_FLOORS && site ? site : '');
  const patchSettings = usePatchSiteSettings(site);
  const uploadScenes = useUploadScenes();

  // A reload while photos are being tiled comes back to their bars (the job is in the URL).
  const [kind, setKind] = useState<UploadKind>('export');
  const [jobRef, setJobRef] = useJobParam(site);
  const [zipFile, setZipFile] = useState<File | null>(null);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState<{ done: number; total: number } | null>(null);
  const [storedName, setSiteName] = useState(() => settings.data?.display.title || site || 'New Site');
  const [nameEdited, setNameEdited] = useState(false);
  // A new site reached from a pin ('Go to site') is called what the pin calls it, not by its id in the URL.
  const pins = usePins();
  const pinName = mode === 'addNewSite' ? pins.data?.find((p) => p.site === site)?.name : undefined;
  const siteName = nameEdited ? storedName : pinName || storedName;
  const zip = useChecked(zipFile, readFolders);
  const csv = useChecked(csvFile, readCsvFile);

  const timeline = settings.data?.enable.timeline ?? true;
  const validation = useMemo(
    () => (zip.state === 'done' && csv.state === 'done' ? validateUpload(zip.value, csv.value, timeline, floor) : null),
    [zip, csv, timeline, floor],
  );
  // The export is already in the survey (the server said 409): the administrator replaces it or keeps it.
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const sitePage = (id: string) => (multiSite ? `/site/${encodeURIComponent(id)}/site` : '/site');

  const floorNumber = floorOrZero(floor);
  const nameOf = (n: number) => floors.data?.find((f) => f.floor === n)?.floor_name || `Floor ${n}`;
  const floorName = nameOf(floorNumber);
  // The CSV's floor column decides where scenes go: the title names this page's floor only while the CSV agrees.
  const csvFloors = validation ? uploadFloors(validation.rows) : [];
  const title =
    csvFloors.length === 0 || (csvFloors.length === 1 && csvFloors[0] === floorNumber)
      ? `Add Scenes - ${floorName}`
      : `Add Scenes - ${csvFloors.map(nameOf).join(', ')} (from the CSV)`;
  const uploading = uploadScenes.isPending;
  const validating = zip.state === 'validating' || csv.state === 'validating';
  const blocked =
    !zipFile ||
    !csvFile ||
    validating ||
    !validation ||
    validation.error ||
    zip.state === 'failed' ||
    csv.state === 'failed';

  const submitWhyNot = submitBlock({
    hasZip: !!zipFile,
    hasCsv: !!csvFile,
    validating,
    failed: !!blocked,
    uploading,
    duplicate: duplicate !== null,
  });

  const saveName = async (name: string) => {
    if (settings.isSuccess) await patchSettings.mutateAsync({ display: { title: name } });
    setSiteName(name);
    setNameEdited(true);
  };

  const submit = (replace = false) => {
    if (blocked || uploading || !zipFile || !csvFile || !validation || csv.state !== 'done') return;
    setDuplicate(null);
    const trimmed = csvWithoutOrphans(csv.value, validation.orphanLines);
    const properties = trimmed === null ? csvFile : new Blob([trimmed], { type: 'text/csv' });
    setProgress(0);
    setImported(null);
    const urlSite = uploadSiteId(site, siteName);
    // A promise, not mutate's own callbacks: the upload re-reads the site's answers before it resolves, and this
    // page may unmount meanwhile (it leaves for the site once the site exists); the viewer must still open.
    uploadScenes
      .mutateAsync({
        site: urlSite,
        floor,
        zipFile,
        properties,
        mode,
        siteName: mode === 'addNewSite' ? siteName : undefined,
        replace,
        onProgress: setProgress,
        onImportProgress: (done, total) => setImported({ done, total }),
        // A big export is imported as a job: in the URL, a reload follows it (JobFollow) instead of losing it.
        onJob: (job) => setJobRef({ job, site: urlSite, unplaced: false }),
      })
      .then(
        // The viewer opens on what was just added: its floor, date and first scene.
        (result) =>
          navigate(
            `${sitePage(result.site)}?${buildViewerSearch({ floor: result.floor, date: result.date, node: result.node })}`,
          ),
        (e: Error) => {
          setJobRef(null);
          if (e instanceof ApiError && e.status === 409 && mode === 'addScene') {
            setDuplicate(e.message);
            return;
          }
          toast.failed(UPLOAD_FAILED, e);
          navigate(sitePage(urlSite));
        },
      );
  };

  const percent = Math.round(progress * 100);
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

            <div className="upload-messages" aria-live="polite">
              {validating ? (
                <p className="upload-status">
                  <Spinner /> Checking the files…
                </p>
              ) : null}
              {zip.state === 'failed' ? (
                <p className="upload-error" role="alert">
                  The zip could not be read: {zip.message}
                </p>
              ) : null}
              {validation?.problem ? (
                <p className="upload-error" role="alert">
                  {validation.problem}
                </p>
              ) : null}
              {validation?.csvError ? (
                <p className="upload-error" role="alert" data-label="CSVFileError">
                  {CSV_FILE_ERROR}
                </p>
              ) : null}
              {validation && !validation.csvError && validation.error && !validation.problem ? (
                <p className="upload-error" role="alert">
                  Some scene folders of the zip have no row in the CSV (marked with a cross).
                </p>
              ) : null}
              {validation && validation.orphanLines.length > 0 ? (
                <p className="upload-warning" data-label="orphansInCSV">
                  <WarningIcon /> {ORPHANS_IN_CSV}
                </p>
              ) : null}
            </div>

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
              {uploading ? (
                <div className="upload-progress">
                  <progress max={100} value={percent} aria-label="Upload progress" />
                  {/* Screen readers hear the phase once, not every percent the text beside the bar shows. */}
                  <span className="visually-hidden" role="status">
                    {percent < 100 ? 'Uploading the export…' : 'Processing the scenes on the server…'}
                  </span>
                  <span>
                    {percent < 100
                      ? `Uploading… ${percent}%`
                      : imported?.total
                        ? `Processing the scenes on the server… ${imported.done} of ${imported.total} tiles`
                        : 'Processing the scenes on the server…'}
                  </span>
                </div>
              ) : null}
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
