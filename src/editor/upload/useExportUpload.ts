// Sends a checked export (its CSV without the orphan rows) with real progress, then opens the viewer on what was
// added; a big export becomes a job kept in the URL; an export already in the survey (409) asks to replace it.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buildViewerSearch } from '../../../contract/viewerLink';
import { ApiError } from '../../api/client';
import { useUploadScenes, type UploadMode } from '../../api/queries/sceneUpload';
import { toast } from '../../ui/notices/notices';
import type { ImportProgress } from './uploadProgress';
import { uploadSiteId } from './uploadSite';
import type { useExportChecks } from './useExportChecks';
import type { useJobParam } from './photos/useJobParam';
import { csvWithoutOrphans } from './validateUpload';

export const UPLOAD_FAILED = 'Error! Failed to upload scene.';

interface Upload {
  mode: UploadMode;
  site: string;
  floor: number;
  siteName: string;
  zipFile: File | null;
  csvFile: File | null;
  checks: ReturnType<typeof useExportChecks>;
  setJobRef: ReturnType<typeof useJobParam>[1];
  sitePage: (id: string) => string;
}

export function useExportUpload(upload: Upload) {
  const { mode, site, floor, siteName, zipFile, csvFile, checks, setJobRef, sitePage } = upload;
  const navigate = useNavigate();
  const uploadScenes = useUploadScenes();
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState<ImportProgress | null>(null);
  // The export is already in the survey (the server said 409): the administrator replaces it or keeps it.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const uploading = uploadScenes.isPending;
  const { blocked, validation, csv } = checks;

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

  return { submit, uploading, progress, imported, duplicate };
}
