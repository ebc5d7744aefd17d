// Sends the manager's "Replace…" upload (an export with its CSV, or photos) for one survey from the revision the
// dialog opened on, follows its import to the end (photos are always a job, a big export may be one), then reads
// the site's content again. The server swaps the scenes in one commit; a change made meanwhile is a 409.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedSurvey } from '../../../contract/surveyEditing';
import { useUploadScenes } from '../../api/queries/sceneUpload';
import { useUploadPhotos } from '../../api/queries/photoUpload';
import { resultOfUpload } from '../../api/queries/ingestJob';
import { refreshAfterWrite, siteContent } from '../../api/writeRefresh';
import type { ImportProgress } from '../upload/uploadProgress';

export type ReplaceFiles =
  { kind: 'export'; zip: File; csv: File } | { kind: 'photos'; photos: File[]; csv: File | null };

export function useSurveyReplace(site: string, survey: ManagedSurvey) {
  const qc = useQueryClient();
  const scenes = useUploadScenes();
  const photos = useUploadPhotos();
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState<ImportProgress | null>(null);
  const common = {
    site,
    floor: survey.floor,
    mode: 'addScene' as const,
    replaceSurvey: { id: survey.id, revision: survey.revision },
    onProgress: setProgress,
  };
  const onImport = (done: number, total: number) => setImported({ done, total });
  const mutation = useMutation({
    mutationFn: async (files: ReplaceFiles) => {
      setProgress(0);
      setImported(null);
      if (files.kind === 'export')
        return scenes.mutateAsync({ ...common, zipFile: files.zip, properties: files.csv, onImportProgress: onImport });
      const { job } = await photos.mutateAsync({ ...common, photos: files.photos, properties: files.csv });
      return resultOfUpload(site, { job }, onImport);
    },
    onSettled: () => refreshAfterWrite(qc, siteContent(site)),
  });
  return { ...mutation, progress, imported };
}
