// Scene upload of the admin upload page: zip of tiles, positions CSV, mode (addNewSite | addScene) and the new
// site's name, with real upload progress (client.upload uses XMLHttpRequest: fetch reports no upload progress).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seg, upload } from '../client';
import type { UploadResult } from './uploads';
import { resultOfUpload } from './ingestJob';
import { refreshAfterWrite, siteContent } from '../writeRefresh';

export type UploadMode = 'addNewSite' | 'addScene';

/** The upload replaces this survey whole, started from this revision (the manager's "Replace…"). */
export type SurveyToReplace = { id: string; revision: number };

/** Adds the fields that make an upload replace a survey (both upload routes read them). */
export function appendReplaceSurvey(form: FormData, r: SurveyToReplace | undefined): void {
  if (!r) return;
  form.append('replaceSurvey', r.id);
  form.append('revision', String(r.revision));
}

export interface SceneUploadInput {
  site: string;
  /** Floor of the upload; -1 (no floors yet) is sent as 0. */
  floor: number;
  zipFile: File;
  properties: Blob;
  mode: UploadMode;
  siteName?: string;
  /** The export is already in the survey: replace the scenes it brought there (the server refuses otherwise). */
  replace?: boolean;
  replaceSurvey?: SurveyToReplace;
  onProgress?: (fraction: number) => void;
  /** Tiles imported so far, when the server imports the upload as a job (big uploads). */
  onImportProgress?: (done: number, total: number) => void;
  /** The server imports the upload as a job: its id, as soon as it is known. */
  onJob?: (job: string) => void;
}

export function useUploadScenes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      site,
      floor,
      zipFile,
      properties,
      mode,
      siteName,
      replace,
      replaceSurvey,
      onProgress,
      onImportProgress,
      onJob,
    }: SceneUploadInput) => {
      const form = new FormData();
      form.append('mode', mode);
      if (replace) form.append('replace', 'true');
      appendReplaceSurvey(form, replaceSurvey);
      if (siteName) form.append('siteName', siteName);
      form.append('properties', properties, properties instanceof File ? properties.name : 'positions.csv');
      form.append('zipFile', zipFile, zipFile.name);
      const answer = await upload<UploadResult | { job: string }>(
        `/api/site/${seg(site)}/${seg(Math.max(0, floor))}/addScenes`,
        form,
        onProgress,
      );
      return resultOfUpload(site, answer, onImportProgress, onJob);
    },
    // Awaited: the page opens the viewer on the upload only once the answers it changed are read again.
    onSettled: (result, _e, v) =>
      refreshAfterWrite(qc, [...new Set([v.site, result?.site].filter((x): x is string => !!x))].flatMap(siteContent)),
  });
}
