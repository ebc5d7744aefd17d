// State of the 360 photo form: the chosen photos and their header checks, the optional positions CSV matched to
// them both ways, the survey date and name without a CSV, the upload with its byte progress, then the job it
// started goes into the URL, where JobFollow takes it up.
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useUploadPhotos } from '../../../api/queries/photoUpload';
import type { UploadMode } from '../../../api/queries/sceneUpload';
import { photoBaseName } from '../../../../contract/photoLimits';
import { useChecked } from '../useChecked';
import { readCsvFile } from '../readCsvFile';
import { csvWithoutOrphans, validateUpload } from '../validateUpload';
import { uploadSiteId } from '../uploadSite';
import { checkPhoto, choiceProblems, photoSubmitBlock, photosWithoutRow } from './checkPhotos';
import { chosenPhotos, usePhotoHeaders } from './usePhotoHeaders';
import { useJobParam } from './useJobParam';
import { uploadingView, type ProgressView } from './progressView';
import type { ListedPhoto } from './PhotoList';

const today = () => new Date().toLocaleDateString('sv'); // yyyy-mm-dd in the visitor's own time zone

export function usePhotoUpload(p: {
  mode: UploadMode;
  site: string;
  floor: number;
  siteName: string;
  timeline: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [date, setDate] = useState(today);
  const [surveyName, setSurveyName] = useState('');
  const [fraction, setFraction] = useState(0);
  const [sendError, setSendError] = useState<string | null>(null);
  // The same photos are in the survey already (the server said 409): replace those scenes, or keep the survey.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const upload = useUploadPhotos();
  const [, setJobRef] = useJobParam(p.site);

  const headers = usePhotoHeaders(files);
  const chosen = chosenPhotos(files, headers);
  const listed: ListedPhoto[] = chosen.map((c, i) => ({
    key: `${i}:${c.name}`,
    bytes: c.bytes,
    read: c.header !== undefined,
    check: checkPhoto(c),
  }));
  const problems = choiceProblems(chosen);
  const csv = useChecked(csvFile, readCsvFile);
  const names = files.map((f) => f.name);
  const validation = useMemo(
    () =>
      csv.state === 'done' && names.length
        ? validateUpload(
            names.map((n, index) => ({ id: n, name: photoBaseName(n), index })),
            csv.value,
            p.timeline,
            p.floor,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names, not a new array each render
    [csv, names.join('\n'), p.timeline, p.floor],
  );
  const withoutRow = validation
    ? photosWithoutRow(
        names,
        validation.rows.filter((r) => !r.foundInCsv).map((r) => r.scene),
      )
    : null;

  const reading = listed.some((l) => !l.read) || csv.state === 'validating';
  const failed =
    listed.some((l) => l.check.problem) || problems.length > 0 || csv.state === 'failed' || !!validation?.error;
  const blocked = photoSubmitBlock({
    photos: files.length,
    reading,
    failed,
    needsDate: !csvFile && !/^\d{4}-\d{2}-\d{2}$/.test(date),
    uploading: upload.isPending,
  });

  const submit = (replace = false) => {
    if (blocked) return;
    const site = uploadSiteId(p.site, p.siteName);
    const trimmed = csv.state === 'done' && validation ? csvWithoutOrphans(csv.value, validation.orphanLines) : null;
    setSendError(null);
    setDuplicate(null);
    setFraction(0);
    upload
      .mutateAsync({
        site,
        floor: p.floor,
        photos: files,
        properties: trimmed === null ? csvFile : new Blob([trimmed], { type: 'text/csv' }),
        mode: p.mode,
        siteName: p.mode === 'addNewSite' ? p.siteName : undefined,
        date: csvFile ? undefined : date,
        surveyName: csvFile ? undefined : surveyName.trim() || undefined,
        replace,
        onProgress: setFraction,
      })
      .then(
        (r) => setJobRef({ job: r.job, site: r.site, unplaced: !csvFile }),
        // The server's sentence names the photo it refused; the form stays as it was so it can be fixed.
        (e: Error) => {
          if (e instanceof ApiError && e.status === 409 && p.mode === 'addScene') setDuplicate(e.message);
          else setSendError(e instanceof ApiError || e.message ? e.message : String(e));
        },
      );
  };

  const view: ProgressView | null = upload.isPending ? uploadingView(chosen, fraction) : null;

  return {
    files,
    addFiles: (more: File[]) => setFiles((fs) => [...fs, ...more]),
    removeFile: (key: string) => setFiles((fs) => fs.filter((_, i) => listed[i]?.key !== key)),
    listed,
    problems,
    csvFile,
    setCsvFile,
    csv,
    validation,
    withoutRow,
    date,
    setDate,
    surveyName,
    setSurveyName,
    blocked,
    submit,
    uploading: upload.isPending,
    sendError,
    duplicate,
    view,
  };
}
