// 360 photo upload of the admin upload page: the photos (one `photos` part each), the optional positions CSV, and
// without a CSV the survey's date and name. Always answered 202 {job}: the server tiles the photos in a job, which
// the page follows with usePhotoJob (the job id goes into the page's URL, so a reload follows it again).
import { useMutation } from '@tanstack/react-query';
import { seg, upload } from '../client';
import { appendReplaceSurvey, type SurveyToReplace, type UploadMode } from './sceneUpload';

export interface PhotoUploadInput {
  site: string;
  /** Floor of the upload; -1 (no floors yet) is sent as 0. */
  floor: number;
  photos: readonly File[];
  properties: Blob | null;
  mode: UploadMode;
  siteName?: string;
  /** yyyy-mm-dd: the survey's date when no CSV gives one per photo. */
  date?: string;
  surveyName?: string;
  /** The photos are already in the survey: replace the scenes they made there (the server refuses otherwise). */
  replace?: boolean;
  replaceSurvey?: SurveyToReplace;
  onProgress?: (fraction: number) => void;
}

export function useUploadPhotos() {
  return useMutation({
    mutationFn: async (input: PhotoUploadInput): Promise<{ site: string; job: string }> => {
      const form = new FormData();
      // Fields first: the server reads them before it streams the photos.
      form.append('mode', input.mode);
      if (input.siteName) form.append('siteName', input.siteName);
      if (input.date) form.append('date', input.date);
      if (input.surveyName) form.append('surveyName', input.surveyName);
      if (input.replace) form.append('replace', 'true');
      appendReplaceSurvey(form, input.replaceSurvey);
      if (input.properties)
        form.append(
          'properties',
          input.properties,
          input.properties instanceof File ? input.properties.name : 'positions.csv',
        );
      for (const photo of input.photos) form.append('photos', photo, photo.name);
      const answer = await upload<{ job: string }>(
        `/api/site/${seg(input.site)}/${seg(Math.max(0, input.floor))}/addPhotos`,
        form,
        input.onProgress,
      );
      return { site: input.site, job: answer.job };
    },
  });
}
